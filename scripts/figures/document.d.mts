// Types of document.mjs: for the TypeScript that imports it (its test).
export const HEAD: string;
export function readBlocks(text: string, names: string[]): Record<string, string>;
export function renderDocument(
  sections: { name: string; title: string }[],
  blocks: Record<string, string>,
): string;
export function describeLoad(load: {
  cores: number;
  loadBefore: number;
  loadAfter: number;
  others: number | null;
}): string;
export const LOAD_COLUMNS: [heading: string, column: string][];
export function loadTable(rows: Record<string, string>[]): string;
