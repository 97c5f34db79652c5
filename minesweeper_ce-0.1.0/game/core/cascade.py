"""A cascade: a zero opened opens its whole region of zeros and the numbers around it,
on the game's flat padded arrays (board.py), in row runs at C speed."""

from __future__ import annotations


def cascade(
    zero: bytearray,
    openable: bytearray,
    mark: bytearray,
    width: int,
    seeds: list[int],
    runs: list[int],
) -> int:
    """Open the zero region around the seeds and its border of numbers.

    First a row-run flood fill over the zero cells (8-connected, stopped by
    flags because flagged cells are never in ``zero``) collects the runs of
    zeros; then every cell around those runs that may be opened opens. Both
    loops are iterative: a million-cell board never touches the recursion
    limit.
    """
    find, rfind = zero.find, zero.rfind
    spans: list[int] = []
    stack = seeds[:]
    pop, push = stack.pop, stack.append
    while stack:
        i = pop()
        if not zero[i]:
            continue
        left = rfind(0, 0, i) + 1  # the border guarantees a 0 in every row
        right = find(0, i)
        zero[left:right] = bytes(right - left)
        spans.append(left)
        spans.append(right)
        # Seed each run of zeros in the rows above and below, one cell wider
        # on each side than this run (diagonal neighbours count).
        span = right - left + 2
        for start in (left - 1 - width, left - 1 + width):
            end = start + span
            j = find(1, start, end)
            while j != -1:
                push(j)
                k = find(0, j, end)
                if k == -1:
                    break
                j = find(1, k, end)
    ofind = openable.find
    opened = 0
    for s in range(0, len(spans), 2):
        left, right = spans[s], spans[s + 1]
        span = right - left + 2
        for start in (left - 1 - width, left - 1, left - 1 + width):
            end = start + span
            j = ofind(1, start, end)
            while j != -1:
                k = ofind(0, j, end)
                if k == -1:
                    k = end
                blank = bytes(k - j)
                openable[j:k] = blank
                mark[j:k] = blank  # question marks in the way open like hidden cells
                runs.append(j)
                runs.append(k)
                opened += k - j
                j = ofind(1, k, end) if k < end else -1
    return opened
