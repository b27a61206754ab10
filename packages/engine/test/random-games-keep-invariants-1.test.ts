// Part 1 of the random games (the suite and why it is split: randomGames.ts).
import { randomGamesPart } from './randomGames.ts';

randomGamesPart(1);
