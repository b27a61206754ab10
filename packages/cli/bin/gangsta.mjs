#!/usr/bin/env node
// Runs the TypeScript sources directly: tsx compiles them on the fly (and caches them).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
