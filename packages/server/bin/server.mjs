#!/usr/bin/env node
// The Gangsta! server process: registers tsx (the sources are TypeScript), then starts
// src/main.ts. Settings come from the environment; see packages/server/README.md.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
