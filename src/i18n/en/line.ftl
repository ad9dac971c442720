# line (en)
# The line mode (`ssh host play`): every event one line, typed commands, prompts. No line
# may exceed 200 characters; no colour, no key names. Arguments: nicks, squares and
# numbers as they are.

## Prompts

line-prompt-lobby = lobby>
line-prompt-setup = set-up>
line-prompt-wait = waiting>
line-prompt-move = your move>
line-prompt-over = game over>

## Lobby

line-welcome = Welcome, { $nick }. You are in the lobby: type help for the commands.
line-help-lobby = Lobby commands: who, seeks, accept N, decline N, seek classic [10+5|3d] [casual], challenge NICK [classic] [10+5|3d] [casual|private], cancel, computer [easy|hard].
line-help-lobby-more = And: games, turn, watch N, tournaments, join N, withdraw N, analysis N, leaderboard [classic], setups [classic], setup NAME, explorer [classic] [mine], say TEXT, screens, quit, help.
line-who-count = { $count ->
        [one] 1 player online:
       *[other] { $count } players online:
    }
line-who-player = { $nick }{ $rating }, { $status }
line-status-idle = in the lobby
line-status-seeking = seeking a game
line-status-playing = playing game { $game }
line-status-watching = watching game { $game }
line-status-left = away from game { $game }
line-seeks-none = No open seeks. Type seek classic 10+5 to post one, or computer easy to play the computer.
line-seek-item = { $n }. { $nick }: { $variant }, { $clock }, { $rated ->
        [rated] rated
        [private] private, casual
       *[casual] casual
    }
line-seek-item-challenge = { $n }. { $nick } challenges you: { $variant }, { $clock }, { $rated ->
        [rated] rated
        [private] private, casual
       *[casual] casual
    }
line-seek-new = { $nick } seeks a game: { $variant }, { $clock }. Type seeks, then accept N.
line-games-none = No games in play.
line-tournaments-none = No tournaments. An organiser creates one with ssh HOST tournament create.
line-tournament-item = Tournament { $id }: { $name }, { $kind }, { $variant }, { $clock }, { $status }, { $players ->
        [one] 1 player
       *[other] { $players } players
    }{ $joined ->
        [yes] , you are in
       *[no] {""}
    }
line-tournament-usage = Type { $command } and a tournament's number, like { $command } 3. Type tournaments for the list.
line-tournament-none = There is no tournament { $id }. Type tournaments for the list.
line-list-more = { $count ->
        [one] …and 1 more: type { $command } { $page } for the next page.
       *[other] …and { $count } more: type { $command } { $page } for the next page.
    }
line-dropped = { $count ->
        [one] (1 line was not shown: your terminal did not read it in time.)
       *[other] ({ $count } lines were not shown: your terminal did not read them in time.)
    }
line-game-item = Game { $game }: { $red } (Red) against { $blue } (Blue), { $variant }, move { $number }
line-chat = { $nick } says: { $text }
line-accept-which = Accept which seek? Type seeks for the list, then accept N (a number from 1 to { $count }).
line-accept-none = There is no open seek to accept. Type seeks to check.
line-computer-level = { $level } is not a level: type computer easy or computer hard.
line-computer-starting = Starting a game against the computer ({ $level }).
line-seek-usage = Type seek classic, seek duel or seek barrage, then a clock like 10+5 (or none) and casual if you like.
line-seek-posted = Seek posted. Someone who accepts it starts the game.
line-say-what = Say what? Type say and your text.
line-challenge-usage = Type challenge and a nick, then if you like classic, duel or barrage, a clock like 10+5 (or none), and casual or private (a private game: only the two of you know of it; casual).
line-challenge-self = You cannot challenge yourself: type who to see who is online.
line-challenge-private-rated = A private game is casual: ratings are public. Type the challenge again without rated, or without private to play rated.
line-challenge-sent = Challenge sent to { $nick }. Type cancel to take it back.
line-challenge-new = { $nick } challenges you: { $variant }, { $clock }, { $rated ->
        [rated] rated
        [private] private, casual
       *[casual] casual
    }. Type seeks, then accept N or decline N.
line-cancel-none = You have no open seek or challenge to cancel.
line-cancel-done = { $count ->
        [one] Your seek is withdrawn.
       *[other] Your { $count } seeks are withdrawn.
    }
line-decline-none = No challenge to you is listed. Type seeks to check.
line-decline-which = Decline which challenge? Type seeks for the list, then decline N (a number from 1 to { $count }).
line-decline-not-challenge = That is { $nick }'s open seek, not a challenge to you: there is nothing to decline.
line-decline-done = You declined { $nick }'s challenge.
line-watch-usage = Type watch and a game's number, like watch 12. Type games for the list.
line-watch-none = There is no game { $game } in play. Type games for the list.
line-watch-private = Game { $game } is private: it cannot be watched.
line-watch-start = Watching game { $game }: { $red } (Red) against { $blue } (Blue). Type board to see it, quit to leave.
line-watch-move = { $nick }: { $sentence }
line-leaders-usage = Type leaderboard, or leaderboard classic, duel or barrage.
line-leaders-head = Leaderboard, { $variant }:
line-leaders-row = { $rank }. { $nick }, rating { $rating }, { $games ->
        [one] 1 game
       *[other] { $games } games
    }
line-leaders-none = Nobody is rated in { $variant } yet.
line-bye = Goodbye.

## Set-up

line-game-start = Game { $game }: { $red } (Red) against { $blue } (Blue). You play { $color }.
line-setup-start = Set up your army: a random set-up is ready. Type show to read it, random for another, ready to play it.
line-help-setup = Set-up commands: show, row 3, swap A1 B2, place A1 Marshal, random, setups, load NAME, save NAME, ready, board, resign, abort, say TEXT, help.
line-help-setup-sent = Your set-up is in. Commands: show, row 3, board, setups, save NAME, resign, abort, say TEXT, help.
line-row-usage = Type row and a number from 1 to 10, like row 3.
line-setup-not-yours = { $square } is not one of your set-up squares. Type show to see them.
line-setup-empty = empty
line-swap-usage = Type swap and two of your squares, like swap A1 B2.
line-swapped = Swapped: { $a } now holds { $arank }, { $b } holds { $brank }.
line-place-usage = Type place, a square and a rank, like place A1 Marshal or place A1 10.
line-rank-unknown = { $rank } is not a rank. Type a name like Marshal or Scout, a number, or B for Bomb, F for Flag.
line-place-already = { $square } holds your { $rank } already.
line-place-none = Your army has no { $rank } to place.
line-placed = Your { $rank } is now on { $square }; it came from { $from }, which now holds the { $other }.
line-placed-empty = Your { $rank } is now on { $square }; it came from { $from }, which is now empty.
line-setups-list = Your saved set-ups for { $variant }: { $names }. Type load and a name.
line-setups-none = You have no saved set-ups for { $variant }. Type save and a name to keep this one.
line-load-usage = Type load and the name of a saved set-up. Type setups for the list.
line-load-none = You have no set-up called { $name } for { $variant }. Type setups for the list.
line-load-bad = { $name } does not fit this game's rules: your set-up is unchanged.
line-loaded = Set-up { $name } loaded. Type show to read it, ready to play it.
line-save-usage = Type save and a name for this set-up, like save fortress.
line-save-long = That name is too long: at most { $max } characters.
line-saved = Set-up saved as { $name }.
line-setup-row = Row { $row }: { $pieces }
line-setup-random = A new random set-up. Type show to read it, ready to play it.
line-setup-sent = Set-up sent. Waiting for your opponent.
line-setup-done = Your set-up is in. Waiting for your opponent.
line-opponent-ready = Your opponent is ready.

## Play

line-play-start = The game begins. Red moves first.
line-help-play = Game commands: A4 A5 (or move A4 A5), board, row 6, col D, square D6, pieces, last, moves 10, clock, note D7 bomb, notes, draw, decline, resign, claim, say TEXT, help.
line-note-made = Note on { $square } (only you see it): { $guess }
line-note-cleared = Note on { $square } cleared.
line-notes-none = You have no notes. Add one with note SQUARE GUESS, like note D7 bomb.
line-notes = Your notes: { $notes }.
line-notes-item = { $square } { $guess }
line-board-noted = { $item } (your note: { $guess })
line-help-over = The game is over. Commands: board, row 6, col D, square D6, pieces, last, moves 10, rematch, say TEXT, quit (back to the lobby), help.
line-help-watch = You are watching. Commands: board, row 6, col D, square D6, pieces, last, moves 10, clock, say TEXT, quit (back to the lobby), help.
line-your-turn = Your turn.
line-your-turn-clocks = Your turn. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks-budget = { $clocks } Budget: { $red_name } { $red }, { $blue_name } { $blue }.
line-no-clock-game = This game has no clock.
line-their-turn = It is { $nick }'s turn.
line-not-your-turn = It is not your turn: wait for your opponent's move.
line-move-usage = Type a move as two squares, like A4 A5 (files A to J, rows 1 to 10).
line-no-piece = You have no piece on { $square }. Type board to see your pieces.
line-cannot-move = The piece on { $from } cannot move to { $to }. Type board, then a legal move.
line-last-none = No move yet.
line-board-head = The board from your side, row by row; { $color } plays from row { $home }:
line-board-row = Row { $row }: { $squares }
line-board-row-empty = Row { $row }: empty
line-board-own = { $square } { $rank }
line-board-enemy = { $square } enemy
line-board-enemy-moved = { $square } enemy, has moved
line-board-enemy-known = { $square } enemy { $rank }
line-board-none = There is no board yet.
line-board-head-watch = The board as a spectator sees it, from { $color }'s side, row by row:
line-board-side = { $square } { $color } piece
line-board-side-moved = { $square } { $color } piece, has moved
line-board-side-known = { $square } { $color } { $rank }
line-col = Column { $file }: { $squares }
line-col-empty = Column { $file }: empty
line-col-usage = Type col and a letter from A to J, like col D.
line-square-usage = Type square and a square, like square D6.
line-square-lake = { $square } is a lake.
line-square-empty = { $square } is empty.
line-square-own = { $square }: your { $rank }{ $moved ->
        [yes] , has moved
       *[no] {""}
    }.
line-square-enemy = { $square }: an enemy piece, rank unknown, has not moved.
line-square-enemy-moved = { $square }: an enemy piece, rank unknown, has moved.
line-square-enemy-known = { $square }: an enemy { $rank }.
line-square-side = { $square }: a { $color } piece, rank unknown, has not moved.
line-square-side-moved = { $square }: a { $color } piece, rank unknown, has moved.
line-square-side-known = { $square }: a { $color } { $rank }.
line-rank-count = { $rank } { $count }
line-pieces-no-ranks = none
line-pieces-own = Your pieces left ({ $count }): { $ranks }.
line-pieces-side = { $color }: { $count } on the board; revealed: { $revealed }.
line-pieces-side-hidden = { $color }: { $count } on the board, none revealed.
line-pieces-side-left = { $color } ranks left, as far as known: { $ranks }.
line-pieces-side-lost = Captured { $color } pieces: { $ranks }{ $unknown ->
        [0] {""}
        [one] , and 1 unknown
       *[other] , and { $unknown } unknown
    }.
line-moves-usage = Type moves and a number, like moves 10.
line-draw-sent = Draw offered. Your opponent may accept it or play on.
line-draw-already = You offered a draw already: wait for the answer.
line-draw-offer-to-you = { $nick } offers a draw: type draw to accept, decline to refuse.
line-draw-offer-by = { $nick } offers a draw.
line-draw-declined = You declined the draw.
line-draw-none = There is no draw offer to decline.
line-draw-lapsed = { $nick } played on: your draw offer is off.
line-opponent-gone = { $nick } has left the game: { $seconds } seconds to come back. If not, type claim to win.
line-opponent-gone-plain = { $nick } has left the game.
line-opponent-back = { $nick } is back.
line-claim-now = { $nick } did not come back in time: type claim to win, or wait.
line-claim-not-yet = You can claim the win only when your opponent's time to come back has run out.
line-rematch-asked = Rematch asked: the game starts when { $nick } agrees.
line-rematch-already = You asked for a rematch already: wait for your opponent.
line-rematch-gone = { $nick } has left: no rematch.
line-rematch-offered = { $nick } asks for a rematch: type rematch to play again.
line-over-won = Game over: you won ({ $reason }).
line-over-lost = Game over: you lost ({ $reason }).
line-over-winner = Game over: { $nick } won ({ $reason }).
line-over-draw = Game over: a draw ({ $reason }).
line-game-link = The game on the web: { $url }
line-over-next = Type quit to go back to the lobby, or board and last to look back.
line-resign-not-now = There is nothing to resign: the game is over.
line-back-in-lobby = Back in the lobby.
line-quit-in-game = The game goes on: type resign to give it up first.

## Errors

line-unknown = { $word } is not a command here. Type help for the commands.
line-too-long = That line is too long (over 200 bytes) and was ignored.
line-help-comeback = If you drop, come back to your game with: { $command }
line-typed-dropped = You typed { $count } bytes faster than the commands could be handled: they were ignored. Wait for the prompt before typing more.
line-analysis-usage = Type analysis N for the mistakes in finished game N (analysis N all: every move).
line-analysis-head = Analysis of game #{ $id } ({ $red } vs { $blue }) by the hard computer: ? a mistake (loses { $mistake } or more), ?? a blunder ({ $blunder } or more); values from the mover's side.
line-analysis-ply = { $ply }. { $color } { $played }: as known, { $seen }; with hindsight, { $hindsight }
line-analysis-judged = best { $best } { $before } to { $after }{ $mark }
line-turn-none = No correspondence game waits for your move.
line-turn-item = Game { $game } against { $opponent }, { $variant }, move { $number }: your move, due { $due } UTC ({ $left } left). Type watch { $game } to play it.
line-turn-setup-item = Game { $game } against { $opponent }, { $variant }: your set-up, due { $due } UTC ({ $left } left). Type watch { $game } to set up.
line-turn-budget = { $item } Budget: { $budget_left }.
line-turn-waiting = { $count ->
        [one] Your move in correspondence game { $games }. Type turn to list it, watch N to play.
       *[other] Your move in { $count } correspondence games: { $games }. Type turn to list them, watch N to play one.
    }
line-turn-new = Your move in correspondence game { $game } (turn lists them; watch { $game } plays it).
line-days-hours = { $days ->
        [0] { $hours } h
       *[other] { $days } d { $hours } h
    }
line-left-correspondence = You left correspondence game { $game }: it waits for you (turn lists it; watch { $game } comes back). Back in the lobby.

## The set-up library and explorer (src/ui/line.rs)
line-library-usage = Type setups [classic|duel|barrage] for your saved set-ups, or setup and a name for one.
line-library-none = You have no saved set-ups for {$variant}. Save one while setting up a game (save NAME).
line-library-no-such = You have no saved set-up called {$name}. Type setups for the list.
line-library-head = Your {$variant} set-ups ({$count}), with your finished games played with each:
line-library-row = { $games ->
        [one] {$name}: 1 game, {$wins} won, {$draws} drawn, {$losses} lost
       *[other] {$name}: {$games} games, {$wins} won, {$draws} drawn, {$losses} lost
    }
line-library-setup = {$name} ({$variant}), from the front row to the back row:
line-explorer-usage = Type explorer [classic|duel|barrage] [mine].
line-explorer-head = Set-up explorer, {$variant}, the server's finished games: {$armies} armies (squares as Red's, row 1 the back row).
line-explorer-head-mine = Set-up explorer, {$variant}, your finished games: {$armies} armies (squares as Red's, row 1 the back row).
line-explorer-common = Played {$games} times, score {$score}%: {$setup}
line-explorer-common-none = No set-up was played twice.
