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
line-help-lobby = Lobby commands: who, seeks, computer [easy|hard], accept N, seek classic [10+5] [casual], games, say TEXT, quit, help.
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
       *[casual] casual
    }
line-seek-new = { $nick } seeks a game: { $variant }, { $clock }. Type seeks, then accept N.
line-games-none = No games in play.
line-game-item = Game { $game }: { $red } (Red) against { $blue } (Blue), { $variant }, move { $ply }
line-chat = { $nick } says: { $text }
line-accept-which = Accept which seek? Type seeks for the list, then accept N (a number from 1 to { $count }).
line-accept-none = There is no open seek to accept. Type seeks to check.
line-computer-level = { $level } is not a level: type computer easy or computer hard.
line-computer-starting = Starting a game against the computer ({ $level }).
line-seek-usage = Type seek classic, seek duel or seek barrage, then a clock like 10+5 (or none) and casual if you like.
line-seek-posted = Seek posted. Someone who accepts it starts the game.
line-say-what = Say what? Type say and your text.
line-bye = Goodbye.

## Set-up

line-game-start = Game { $game }: { $red } (Red) against { $blue } (Blue). You play { $color }.
line-setup-start = Set up your army: a random set-up is ready. Type show to read it, random for another, ready to play it.
line-help-setup = Set-up commands: show, random, ready, say TEXT, help.
line-setup-row = Row { $row }: { $pieces }
line-setup-random = A new random set-up. Type show to read it, ready to play it.
line-setup-sent = Set-up sent. Waiting for your opponent.
line-setup-done = Your set-up is in. Waiting for your opponent.
line-opponent-ready = Your opponent is ready.

## Play

line-play-start = The game begins. Red moves first.
line-help-play = Game commands: A4 A5 (or move A4 A5), board, last, clock, resign, say TEXT, help.
line-help-over = The game is over. Commands: board, last, say TEXT, quit (back to the lobby), help.
line-your-turn = Your turn.
line-your-turn-clocks = Your turn. { $red_name } { $red }, { $blue_name } { $blue }.
line-clocks = { $red_name } { $red }, { $blue_name } { $blue }.
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
line-over-won = Game over: you won ({ $reason }).
line-over-lost = Game over: you lost ({ $reason }).
line-over-winner = Game over: { $nick } won ({ $reason }).
line-over-draw = Game over: a draw ({ $reason }).
line-over-next = Type quit to go back to the lobby, or board and last to look back.
line-resign-not-now = There is nothing to resign: the game is over.
line-back-in-lobby = Back in the lobby.
line-quit-in-game = The game goes on: type resign to give it up first.

## Errors

line-unknown = { $word } is not a command here. Type help for the commands.
line-too-long = That line is too long (over 200 bytes) and was ignored.
