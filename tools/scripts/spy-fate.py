#!/usr/bin/env python3
"""Where our Spy went, game by game, in an arena run against a UCC 2012 program.

Usage: spy-fate.py DIR LIST [PLY=300]
  DIR   the run's --record directory (game-NNNN-red.ucc, game-NNNN-blue.ucc)
  LIST  the run's standard output with --list ("game N: a Red, a wins (...) at ply P")

Replays each record (ucc2012 battles: the stronger piece wins, equal ranks both go, the
Spy wins only attacking the Marshal, only a Miner defuses a Bomb) and prints, for player
a: the score, how often a's Spy was lost before PLY and how those games ended, how often
it was kept all game, and how it died: taken (the enemy attacked it; whether the taker
had stepped next to it the move before, and whether the Spy then had a free square to
flee to) or attacking (a's Spy attacked and lost or traded), with the other piece's rank,
and whether the enemy Marshal still lived (after it is gone the Spy is worth little).
"""
import re
import sys
from collections import Counter

RANKS = {"1": 10, "2": 9, "3": 8, "4": 7, "5": 6, "6": 5, "7": 4, "8": 3, "9": 2, "s": 1}
DIRS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
LAKES = {(x, y) for x in (2, 3, 6, 7) for y in (4, 5)}
NAME = {"1": "Marshal", "2": "General", "3": "Colonel", "4": "Major", "5": "Captain",
        "6": "Lieutenant", "7": "Sergeant", "8": "Miner", "9": "Scout", "s": "Spy",
        "B": "Bomb", "F": "Flag"}


def battle(a, d):
    """'a', 'd' or 'both': who survives attacker a against defender d."""
    if d == "F":
        return "a"
    if d == "B":
        return "a" if a == "8" else "d"
    if a == "s" and d == "1":
        return "a"
    if a == d:
        return "both"
    return "a" if RANKS[a] > RANKS[d] else "d"


def neighbours(x, y):
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        n = (x + dx, y + dy)
        if 0 <= n[0] < 10 and 0 <= n[1] < 10 and n not in LAKES:
            yield n


def setups(red_lines, blue_lines):
    """The board after both set-ups: (x, y) -> (colour "R" or "B", the piece's character)."""
    board = {}
    for colour, lines, rows in (("R", red_lines, range(0, 4)), ("B", blue_lines, range(6, 10))):
        for y, line in zip(rows, lines[:4]):
            for x, c in enumerate(line.rstrip("\n")):
                if c != ".":
                    board[(x, y)] = (colour, c)
    return board


def plies(red_lines, blue_lines):
    """The game's moves in order, Red first (each side's record lines after its set-up)."""
    moves = []
    reds, blues = red_lines[4:], blue_lines[4:]
    for i in range(max(len(reds), len(blues))):
        if i < len(reds):
            moves.append(reds[i])
        if i < len(blues):
            moves.append(blues[i])
    return moves


def replay(red_lines, blue_lines, me, cutoff):
    board = setups(red_lines, blue_lines)
    moves = plies(red_lines, blue_lines)
    enemy = "B" if me == "R" else "R"
    last_enemy_to = None
    fate = None
    for ply, text in enumerate(moves):
        w = text.split()
        if len(w) < 3:
            break
        x, y, d = int(w[0]), int(w[1]), w[2]
        n = int(w[3]) if len(w) > 3 else 1
        dx, dy = DIRS[d]
        frm, to = (x, y), (x + dx * n, y + dy * n)
        mover = board.pop(frm)
        target = board.get(to)
        if target is None:
            board[to] = mover
        else:
            r = battle(mover[1], target[1])
            if r == "a":
                board[to] = mover
            elif r == "both":
                del board[to]
            spy_lost = fate is None and (
                (target == (me, "s") and r != "d") or (mover == (me, "s") and r != "a"))
            if spy_lost:
                marshal = any(p == (enemy, "1") for p in board.values()) or mover[1] == "1"
                if mover[0] == me:
                    fate = dict(ply=ply, how="attacking", other=target[1], marshal=marshal)
                else:
                    # The Spy stood on `to`: had the taker stepped next to it the move
                    # before (the enemy's last move ended on `frm`), and was there a
                    # free square beside the Spy then?
                    approached = last_enemy_to == frm
                    free = any(nb not in board and nb != frm for nb in neighbours(*to))
                    fate = dict(ply=ply, how="taken", other=mover[1], approached=approached,
                                free=free, marshal=marshal)
        if mover[0] == enemy:
            last_enemy_to = to
    return fate, len(moves)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rec, listing = sys.argv[1], sys.argv[2]
    cutoff = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    games = {}
    for line in open(listing):
        m = re.match(r"game (\d+): a (Red|Blue), (.*) at ply (\d+)", line)
        if m:
            res = "W" if m.group(3).startswith("a wins") else "L" if m.group(3).startswith("b wins") else "D"
            games[int(m.group(1))] = ("R" if m.group(2) == "Red" else "B", res, m.group(3))
    score = Counter()
    early, kept, late = Counter(), Counter(), Counter()
    how = Counter()
    alive = Counter()  # games whose Spy was lost while the enemy Marshal lived
    for g in sorted(games):
        me, res, text = games[g]
        score[res] += 1
        read = lambda c: open(f"{rec}/game-{g:04d}-{c}.ucc").read().splitlines()
        fate, plies = replay(read("red"), read("blue"), me, cutoff)
        if fate is None:
            kept[res] += 1
            desc = "kept"
        else:
            (early if fate["ply"] < cutoff else late)[res] += 1
            other = NAME[fate["other"]]
            if fate["how"] == "taken":
                desc = f"taken by a {other} at ply {fate['ply']}" + (
                    ", the move after it stepped up" if fate["approached"] else "") + (
                    ", a free square beside" if fate["free"] else ", no free square")
                key = "taken after an approach" if fate["approached"] else "taken otherwise"
                if fate["approached"] and fate["free"]:
                    key += " (free square)"
                how[key] += 1
            else:
                desc = f"attacked a {other} at ply {fate['ply']} and died"
                how["attacking, died"] += 1
            if not fate["marshal"]:
                desc += " (enemy Marshal gone)"
            else:
                alive[res] += 1
                how[("taken" if fate["how"] == "taken" else "attacking") + ", enemy Marshal alive"] += 1
        print(f"game {g}: {res} ({text}), Spy {desc}")
    n = sum(score.values())
    pts = score["W"] + score["D"] / 2
    fmt = lambda c: f"{sum(c.values())} games ({c['W']} won, {c['L']} lost, {c['D']} drawn)"
    print(f"score: {score['W']}-{score['L']}-{score['D']} (won-lost-drawn), {100 * pts / max(n, 1):.1f}%")
    print(f"Spy lost before ply {cutoff}: {fmt(early)}")
    print(f"Spy lost from ply {cutoff}: {fmt(late)}")
    print(f"Spy kept all game: {fmt(kept)}")
    print(f"Spy lost while the enemy Marshal lived (any ply): {fmt(alive)}")
    print("how it died: " + ", ".join(f"{k} {v}" for k, v in sorted(how.items())))


if __name__ == "__main__":
    main()
