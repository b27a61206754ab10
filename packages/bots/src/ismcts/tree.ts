/**
 * The ISMCTS tree (single observer, Cowling, Powley & Whitehouse 2012). A node is reached by a
 * move (keyed by `moveKey`) and stores the reward of the seat that made that move. Because
 * determinizations differ, a child may be legal in one iteration and not in another, so each
 * child also counts how often it was *available*: UCB uses that count instead of the parent's
 * visits.
 */
import type { Move, Seat } from '@gangsta/engine';

export class Node {
  readonly children = new Map<string, Node>();
  visits = 0;
  availability = 0;
  /** Sum of rewards of `seat`, the seat that made `move`. */
  reward = 0;
  /** Progressive bias (a prior preference), worth `bias / visits` in UCB. */
  bias = 0;

  constructor(
    readonly move: Move | null,
    readonly seat: Seat,
  ) {}

  /** The child for `key`, created on first use. */
  child(key: string, move: Move): Node {
    let node = this.children.get(key);
    if (!node) {
      node = new Node(move, move.seat);
      this.children.set(key, node);
    }
    return node;
  }
}

/**
 * UCB with availability: among the children legal in this determinization, the one with the
 * best mean reward plus exploration. Every legal child's availability is counted.
 */
export function selectChild(legal: readonly Node[], c: number): Node {
  let best: Node | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const node of legal) {
    node.availability++;
    const score =
      (node.reward + node.bias) / node.visits +
      c * Math.sqrt(Math.log(node.availability) / node.visits);
    if (score > bestScore) {
      bestScore = score;
      best = node;
    }
  }
  return best!;
}
