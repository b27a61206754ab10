#!/usr/bin/env python3
"""What grew between two V8 heap snapshots, by kind of object: the load script's
`--heap-snapshot` writes one per paced step, so the difference between the 1,000- and the
2,000-game steps divided by 1,000 is what one live game holds.

    python3 packages/server/scripts/heap-diff.py BEFORE.heapsnapshot AFTER.heapsnapshot [--per 1000] [--top 40]

Python rather than Node: a snapshot of a loaded server is hundreds of megabytes of JSON, more
than one JavaScript string may hold. Sizes are shallow (each object's own bytes), grouped by
the snapshot's node type and constructor or, for plain objects, by their first keys.
"""
import argparse
import collections
import json


def tally(path):
    with open(path, 'rb') as f:
        snapshot = json.load(f)
    meta = snapshot['snapshot']['meta']
    fields = meta['node_fields']
    width = len(fields)
    types = meta['node_types'][0]
    t_index, n_index, s_index, e_index = (fields.index(k) for k in ('type', 'name', 'self_size', 'edge_count'))
    edge_fields = meta['edge_fields']
    edge_width = len(edge_fields)
    edge_types = meta['edge_types'][0]
    et_index, en_index = edge_fields.index('type'), edge_fields.index('name_or_index')
    strings = snapshot['strings']
    nodes = snapshot['nodes']
    edges = snapshot['edges']
    sizes = collections.Counter()
    counts = collections.Counter()
    edge = 0
    for start in range(0, len(nodes), width):
        kind = types[nodes[start + t_index]]
        name = strings[nodes[start + n_index]]
        edge_count = nodes[start + e_index]
        if kind == 'object' and name == 'Object':
            # Plain objects: name them by their first few property names, which tells a move
            # from a seat from a frame.
            keys = []
            for k in range(edge, edge + edge_count * edge_width, edge_width):
                if edge_types[edges[k + et_index]] == 'property':
                    keys.append(strings[edges[k + en_index]])
                    if len(keys) == 4:
                        break
            name = '{' + ','.join(keys) + '}'
        elif kind in ('string', 'concatenated string', 'sliced string', 'number', 'code', 'hidden'):
            name = ''
        key = f'{kind} {name}'.strip()
        sizes[key] += nodes[start + s_index]
        counts[key] += 1
        edge += edge_count * edge_width
    return sizes, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('before')
    parser.add_argument('after')
    parser.add_argument('--per', type=int, default=1000, help='divide the growth by this (games added)')
    parser.add_argument('--top', type=int, default=40)
    args = parser.parse_args()
    size_a, count_a = tally(args.before)
    size_b, count_b = tally(args.after)
    growth = {k: size_b[k] - size_a.get(k, 0) for k in size_b}
    total = sum(size_b.values()) - sum(size_a.values())
    print(f'heap growth {total / 1e6:.1f} MB, {total / args.per / 1000:.1f} KB per unit of --per {args.per}')
    print(f'{"bytes/unit":>11} {"objects/unit":>12}  kind')
    for key, grown in sorted(growth.items(), key=lambda kv: -kv[1])[: args.top]:
        objects = (count_b[key] - count_a.get(key, 0)) / args.per
        print(f'{grown / args.per:11.0f} {objects:12.1f}  {key[:110]}')


if __name__ == '__main__':
    main()
