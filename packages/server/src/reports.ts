/**
 * Chat reports for an operator: `npm run reports -w packages/server [-- <how many>]` prints the
 * newest ones (`scripts/reports.ts`), each with its table, the reporter, the reported player,
 * the time, and the reported line after the lines before it. Nothing reaches them over HTTP:
 * whoever may read the database may read the reports.
 */
import type { ChatReportRow } from './store/moderation.ts';

/** One report as lines of text; the reported line is marked with `>`. */
export function reportText(report: ChatReportRow): string {
  const reported = report.lines.at(-1);
  const head = [
    `report ${report.id} at ${report.createdAt}`,
    `  table ${report.tableId}, line ${report.seq}`,
    `  reported by player ${report.reporterId}; written by player ${report.reportedId}${reported ? ` ("${reported.name}")` : ''}`,
  ];
  const lines = report.lines.map((line) => {
    const mark = line.seq === report.seq ? '>' : ' ';
    const who = line.notice ? 'notice' : `${line.name} [${line.playerId}]`;
    // JSON quoting shows what an invisible character would hide (\u202e, not a reversed line).
    return `  ${mark} #${line.seq} ${line.at} ${who}: ${JSON.stringify(line.text)}`;
  });
  return [...head, ...lines].join('\n');
}

export function reportsText(reports: readonly ChatReportRow[]): string {
  if (reports.length === 0) return 'no chat reports';
  return reports.map(reportText).join('\n\n');
}
