// The random games' seeds cover every player count, variant and ruleset (randomGames.ts).
import { coverageOfSeeds } from './randomGames.ts';

coverageOfSeeds();
