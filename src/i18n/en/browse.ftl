# Browse (en): the leaderboard, profiles, game lists, replays and the rules page.

## Leaderboard (src/ui/browse.rs)

browse-leaders-header = Leaderboard
browse-leaders-tabs-hint = Left/Right or 1 2 3: variant
browse-leaders-title = { $variant } leaderboard
browse-head-rank = rank
browse-head-player = player
browse-head-rating = rating
browse-head-games = games
browse-head-wdl = W/D/L
browse-you = (you)
browse-loading-leaderboard = loading the leaderboard...
browse-no-players = no rated players yet

## Profile (src/ui/browse.rs)

browse-profile-of = Profile of { $nick }
browse-profile-of-you = Profile of { $nick } (you)
browse-renamed-already = name changed already (one rename per player)
browse-rename-once = r: change your name (once)
browse-ratings-title = { $nick }: ratings
browse-guest-text = { $nick } is a guest: a guest has no stored profile (no rating, no game history, casual games only). A player with an SSH key keeps a name, a rating and games.
browse-recent-title = Recent games
browse-recent-title-of = Recent games ({ $variant })
browse-loading-profile = loading the profile...
browse-no-ratings = no rated games yet
browse-no-history = no history yet
browse-last-rated = { $count ->
        [one] last rated game
       *[other] last { $count } rated games
    }
browse-rating-games = { $count ->
        [one] 1 game
       *[other] { $count } games
    }
browse-no-games-yet = no games yet
browse-all-variants = all variants
browse-notice-wait-profile = Wait for the profile to load
browse-notice-renamed = You have changed your name already: one rename per player

## Game lists (src/ui/browse.rs)

browse-games-header = Games
browse-games-mine = My games ({ $nick })
browse-games-of = Games of { $nick }
browse-games-recent = Recent games
browse-games-count = { $title } ({ $count })
browse-tab-mine = mine
browse-tab-recent = recent
browse-tab-list = Tab: list
browse-tab-variant = variant:
browse-tab-variant-keys = (Left/Right)
browse-loading-games = loading games...
browse-no-finished = no finished games here
browse-head-id = #
browse-head-players = red vs blue
browse-head-variant = variant
browse-head-rated = rated
browse-head-result = result
browse-head-moves = moves
browse-head-ended = ended (UTC)
browse-head-date = date (UTC)
browse-vs = vs
browse-rated = rated
browse-casual = casual

## Results in words (src/ui/browse.rs, src/ui/replay.rs)

browse-unfinished = unfinished
browse-result-won = { $color } won { $dash } { $reason }
browse-result-draw = draw { $dash } { $why }
browse-draw-agreed = agreed
browse-draw-move-limit = move limit
browse-you-won = won { $dash } { $reason }
browse-you-lost = lost { $dash } { $reason }

## Keys of the leaderboard, profile and game lists (src/ui/browse.rs)

browse-help-leaders = Leaderboard keys
browse-help-profile = Profile keys
browse-help-games = Game list keys
browse-key-left-right-123 = Left / Right, 1 2 3
browse-key-h-l-tab = h / l, Tab / Shift-Tab
browse-key-h-l = h / l
browse-key-m-r = m / r
browse-key-pages = PgUp/PgDn, Home/End
browse-keys-select = select
browse-keys-variant = variant
browse-keys-profile = profile
browse-keys-my-profile = my profile
browse-keys-back = back
browse-keys-help = help
browse-keys-replay = replay
browse-keys-all-games = all games
browse-keys-rename = rename
browse-keys-mine-recent = mine/recent
browse-help-page = a page up / down, first / last
browse-help-shift = the previous / next variant
browse-help-variant = variant: all / Classic / Duel / Barrage
browse-help-back = back
browse-help-settings = settings
browse-help-select-player = select a player
browse-help-variants = Classic / Duel / Barrage
browse-help-open-profile = the selected player's profile
browse-help-my-profile = my profile
browse-help-mouse-profile = click selects, click again opens the profile
browse-help-select-recent = select a recent game
browse-help-replay = replay the selected game
browse-help-all-games = all games of this player
browse-help-rename = change my name (once)
browse-help-mouse-replay = click selects, click again replays
browse-help-select-game = select a game
browse-help-sources = my games / recent games / the player's games
browse-help-mine-recent = my games / recent games
browse-help-opponent = profile of the opponent (Red in recent games)

## Replay (src/ui/replay.rs)

replay-everything = everything revealed
replay-as-red = as Red saw it
replay-as-blue = as Blue saw it
replay-all-revealed = game over: all revealed
replay-decimal-mark = .
replay-seconds = { $seconds } s
replay-title = Replay
replay-game = game #{ $id }
replay-loading = loading the replay...
replay-at-start = start, { $count ->
        [one] 1 move
       *[other] { $count } moves
    }
replay-move-of = move { $number } of { $count }
replay-moved = , { $color } moved
replay-going-to = move { $number }
replay-playing = playing
replay-paused = paused
replay-per-move = , { $speed } per move (+/-)
replay-moves = Moves
replay-start-position = start position
replay-views = v: all / Red / Blue
replay-left = left
replay-ply-move = { $from }-{ $to }
replay-ply-battle = { $from }x{ $to } { $attacker }x{ $defender } { $result }
replay-ply-win = win
replay-ply-loss = loss
replay-ply-tie = tie
replay-ply-unknown = ?
replay-ply-rescue = { $ply } +{ $rank }@{ $to }
replay-rules-no-two-square = no 2-square rule
replay-rules-two-square = 2-square rule: { $count }
replay-rules-chasing = chasing rule
replay-rules-attacker-wins = attacker wins ties
replay-rules-silent = silent defense
replay-rules-rescue = rescue
replay-rules-blocked = blocked side loses
replay-rules-short-no-two-square = 2sq:off
replay-rules-short-two-square = 2sq:{ $count }
replay-rules-short-chasing = chase
replay-rules-short-attacker = AA
replay-rules-short-silent = SD
replay-rules-short-rescue = rescue
replay-rules-short-blocked = immob:now

## Replay keys (src/ui/replay.rs)

replay-help-title = Replay keys
replay-key-down-up = Down / Up, PgDn / PgUp
replay-key-j-k = j / k
replay-key-ends = Home / 0, End / $
replay-key-speed = + / -, = / _
replay-key-speed-short = +/-
replay-keys-step = step
replay-keys-ends = ends
replay-keys-pause = pause
replay-keys-play = play
replay-keys-speed = speed
replay-keys-view = view
replay-keys-flip = flip
replay-help-forward = one move forward
replay-help-back-one = one move back
replay-help-ten = ten moves forward / back
replay-help-ends = start / end of the game
replay-help-play = play / pause (from the start when at the end)
replay-help-speed = faster / slower: 0.25, 0.5, 1 or 2 s per move
replay-help-view = perspective: everything / as Red saw it / as Blue
replay-help-flip = flip the board
replay-help-mouse = wheel steps, a click on a move goes there
replay-keys-mistake = next mistake
replay-help-mistake = the next mistake the computer's analysis found (? a mistake, ?? a blunder)
replay-analysis-move = Analysis of move { $number } ({ $color }):
replay-analysis-seen = as known
replay-analysis-hindsight = hindsight
replay-analysis-judged = best { $best } { $before }{ $arrow }{ $after }{ $mark }
replay-analysis-only = only move
replay-analysis-summary = Analysis: { $count ->
        [one] 1 mistake
       *[other] { $count } mistakes
    } (n: the next)
replay-analysis-waiting = Analysis: queued ({ $ahead ->
        [one] 1 game
       *[other] { $ahead } games
    } before it)
replay-analysis-running = Analysis: being made
replay-analysis-full = Analysis: the queue is full; look again later

## Rules page (src/ui/rules_page.rs)

rules-keys-rules = rules of the game
rules-keys-scroll = scroll
rules-keys-page = page
rules-keys-close = close
rules-position = { $first }-{ $last } of { $count }
rules-title = Rules of { $variant } Stratego
rules-goal = The goal
rules-goal-text =
    Capture the enemy Flag, or leave the enemy no piece that can move. Each side
    has { $count } pieces and sees only its own ranks: an enemy piece shows its rank once
    it has fought.
rules-pieces = The pieces, strongest first
rules-count = x{ $count }
rules-does-marshal = beats every piece below it; falls to a Spy that attacks it
rules-does-general = beats every piece below it
rules-does-officer = beats the ranks below it
rules-does-miner = defuses Bombs; beats Scouts and the Spy
rules-does-scout = runs any distance in a line; beats only the Spy
rules-does-spy = beats the Marshal if it strikes first; loses to every other rank
rules-does-bomb = never moves; destroys any attacker but a Miner
rules-does-flag = never moves; whoever takes it wins
rules-moving = Moving
rules-moving-text =
    One piece a turn, one square forward, back or sideways: never diagonally,
    never into a lake. Bombs and the Flag never move. A Scout runs any number of
    empty squares in a line and may attack at the end of its run.
rules-battles = Who beats whom
rules-battles-text =
    A piece that moves onto an enemy piece attacks it. The higher rank wins and
    stays; { $equal }. The Spy beats the Marshal only when the Spy attacks. A Bomb
    destroys any attacker except a Miner, which defuses it. Whoever takes the
    Flag wins.
rules-equal-attacker = with equal ranks the attacker wins (aggressor advantage)
rules-equal-both = equal ranks both leave the board
rules-silent =
    Silent defence: a battle shows only the attacker's rank (the defender's too
    when a Scout attacks).
rules-not-silent = Both ranks of a battle are shown to both players.
rules-this-game = The rules of this game
rules-no-two-square = No two-square rule: a piece may move back and forth as often as it likes.
rules-two-square =
    Two-square rule: a piece may not move between the same two squares more
    than { $count } times in a row.
rules-chasing =
    Chasing (more-squares rule): a piece that keeps chasing one enemy piece may
    not bring back a position of that chase; the chaser has to break off.
rules-no-chasing = Chasing is not limited (no more-squares rule).
rules-rescue =
    Rescue: a piece that reaches the enemy back row by a plain move may bring
    back one of its captured pieces (at most two a game).
rules-blocked-at-once = A side whose movable pieces are all blocked loses at once.
rules-blocked-on-turn = A side that cannot move when its turn comes loses.
rules-cap-total = { $count ->
        [one] The game is a draw after 1 move in all.
       *[other] The game is a draw after { $count } moves in all.
    }
rules-cap-quiet = { $count ->
        [one] The game is a draw after 1 move without a battle.
       *[other] The game is a draw after { $count } moves without a battle.
    }
rules-setup =
    Each side sets up its army on its own { $count } rows; r fills them the way the
    computer does (the Flag at the back, Bombs around it).
rules-board = What the board shows
rules-sym-hidden = an enemy piece you have not seen
rules-sym-moved = an enemy piece that has moved: not a Bomb or the Flag
rules-sym-lake = a lake: no piece may enter
rules-sym-setup = the opponent's set-up rows while armies are placed
rules-sym-empty = an empty square
rules-sym-target = where the selected piece may go
rules-sym-cursor = the cursor; ( ) a piece picked up or selected
rules-board-text =
    An enemy rank you can read (drawn underlined) is one you have seen; the squares
    of the last move are marked in yellow and by +. Columns are A to J, rows 1 to 10:
    a move is written like c4 c5 (m types one).

## The set-up library (src/ui/library.rs)
library-header = Set-up library
library-tabs-hint = ←/→ variant
library-title = Your { $variant } set-ups
library-head-name = Name
library-empty = No saved { $variant } set-ups: save one with S while setting up a game.
library-counting = counting your games…
library-no-games = Not in any of your finished games yet.
library-stats = { $games ->
        [one] 1 game
       *[other] { $games } games
    }: { $wins } won, { $draws } drawn, { $losses } lost
library-flag-taken = Flag taken by the { $rank } on move { $ply }
library-flag-taken-unknown = Flag taken on move { $ply }
library-lost-by = Lost by { $reason }: { $count }
library-games-read = Read from your { $games } finished games of this variant.
library-rename-prompt = New name: 
library-delete-confirm = Delete '{ $name }'? y deletes it, any other key keeps it
library-deleted = Deleted '{ $name }'
library-kept = Kept: nothing deleted
library-name-taken-named = You already have a set-up called '{ $name }' for this variant
library-editing = Editing '{ $name }': d saves it back, q leaves without saving
library-edit-dropped = A game started: your edits to '{ $name }' were not saved (the saved set-up is as it was).
library-keys-edit = edit
library-keys-rename = rename
library-keys-copy = copy
library-keys-delete = delete
library-keys-mine = my explorer
library-keys-server = server explorer
library-keys-confirm = delete
library-help-title = Set-up library
library-help-select = choose a set-up
library-help-edit = edit it on the set-up screen (d there saves it back)
library-help-rename = rename it
library-help-copy = save a copy under a new name
library-help-delete = delete it (asks first)
library-help-mine = the set-up explorer of your own games
library-help-server = the set-up explorer of the server's games (anonymous)
library-help-stats-key = games
library-help-stats = a set-up counts the finished games whose army was exactly it (either colour)

## The set-up explorer (src/ui/library.rs)
explorer-header = Set-up explorer
explorer-tabs-hint = ←/→ variant
explorer-title-mine = { $variant }: your games
explorer-title-server = { $variant }: the server's games
explorer-loading = reading finished games…
explorer-armies = { $armies ->
        [one] 1 army
       *[other] { $armies } armies
    } · { $what }
explorer-server-note = Games both players finished, public ones only; nobody's name is kept.
explorer-show-flags = Flags per square
explorer-show-bombs = Bombs per square
explorer-show-score = score of a Flag per square (%)
explorer-common-title = Set-ups played more than once (games, score, set-up from the back row)
explorer-common-none = No set-up was played twice.
explorer-keys-heat = flags/bombs/score
explorer-keys-whose = mine/server
explorer-help-title = Set-up explorer
explorer-help-select = choose a common set-up
explorer-help-flags = show where the Flags stood
explorer-help-bombs = show where the Bombs stood
explorer-help-score = show how each Flag square scored
explorer-help-whose = your own games or the server's
