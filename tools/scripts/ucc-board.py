#!/usr/bin/env python3
"""The true position of a recorded UCC 2012 game, ply by ply, to see how a game was lost.

Usage: ucc-board.py DIR GAME [FROM=0] [TO=end]
  DIR   an arena run's --record directory (game-NNNN-red.ucc, game-NNNN-blue.ucc)
  GAME  the game's number (as in the run's --list lines)

Replays the record with spy-fate.py's set-up reading and battle rules and prints, for
every ply from FROM to TO, the move (side, piece, from, to, and the battle's outcome) and
then the board with both sides' true ranks in the protocol's characters (R for Red, b for
Blue, then 1 Marshal .. 9 Scout, s Spy, B Bomb, F Flag; ~~ a lake), row 0 (Red's back row)
first. Red moves on even plies. Only for reading games after the fact: the position holds
what neither player saw.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("spy_fate", os.path.join(HERE, "spy-fate.py"))
sf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sf)


def show(board):
    for y in range(10):
        row = ""
        for x in range(10):
            p = board.get((x, y))
            row += " ~~" if (x, y) in sf.LAKES else ("  ." if p is None else " " + p[0] + p[1])
        print(row)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    d, g = sys.argv[1], int(sys.argv[2])
    frm = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    to = int(sys.argv[4]) if len(sys.argv) > 4 else 10**9

    def read(c):
        with open(f"{d}/game-{g:04d}-{c}.ucc") as f:
            return f.readlines()

    red, blue = read("red"), read("blue")
    # Blue's pieces as b: its Bombs read bB, not BB.
    board = {sq: ("b" if c == "B" else c, p) for sq, (c, p) in sf.setups(red, blue).items()}
    moves = [m for m in sf.plies(red, blue) if len(m.split()) >= 3]
    if frm == 0:
        print("-- the set-ups")
        show(board)
    for ply, text in enumerate(moves):
        if ply > to:
            break
        w = text.split()
        x, y = int(w[0]), int(w[1])
        dx, dy = sf.DIRS[w[2]]
        n = int(w[3]) if len(w) > 3 else 1
        src, dst = (x, y), (x + dx * n, y + dy * n)
        mover = board.pop(src)
        line = f"-- ply {ply}: {mover[0]}{mover[1]} {src} -> {dst}"
        target = board.get(dst)
        if target is None:
            board[dst] = mover
        else:
            r = sf.battle(mover[1], target[1])
            line += f" x {target[0]}{target[1]}: " + {"a": "wins", "d": "loses", "both": "both go"}[r]
            if r == "a":
                board[dst] = mover
            elif r == "both":
                del board[dst]
        if ply >= frm:
            print(line)
            show(board)


if __name__ == "__main__":
    main()
