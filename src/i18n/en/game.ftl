# English: the game screen (src/ui/game.rs) and the battles and moves in words (src/ui/words.rs).

## Game screen: header (src/ui/game.rs)

game-rated = rated
game-casual = casual
game-no-clock = no clock
game-budget-left = { $left } left of { $budget } d
game-number = game #{ $id }
game-you-play = you play { $color }
game-watching = watching
game-spectators = { $count } watching
game-rules-no-two-square = no 2-square rule
game-rules-two-square = 2-square rule: { $count }
game-rules-chasing = chasing rule
game-rules-attacker-wins-ties = attacker wins ties
game-rules-silent-defense = silent defense
game-rules-rescue = rescue
game-rules-blocked-side-loses = blocked side loses
game-rules-short-two-square = 2sq:{ $count }
game-rules-short-two-square-off = 2sq:off
game-rules-short-chasing = chase
game-rules-short-attacker-wins-ties = AA
game-rules-short-silent-defense = SD
game-rules-short-rescue = rescue
game-rules-short-blocked-side-loses = immob:now

## Game screen: seats and status (src/ui/game.rs)

game-seat-computer = (computer)
game-seat-you = you
game-seat-left = left the game
game-seat-disconnected = disconnected
game-seat-left-time-up = left the game, time is up
game-seat-disconnected-time-up = disconnected, time is up
game-seat-left-countdown = left the game { $dash } { $seconds }s to come back
game-seat-disconnected-countdown = disconnected { $dash } { $seconds }s to reconnect
game-seat-gone-short = { $gone } { $dash } { $seconds }s
game-seat-ready = ready
game-seat-placing = placing pieces
game-your-turn = Your turn
game-to-move = { $color } to move
game-move-number = move { $number }
game-draw-offer-to-me = Draw offer: y accept, n decline
game-draw-offered = You offered a draw
game-draw-offer-by = { $color } offers a draw
game-opponent-gone = Opponent gone: W claims the win

## Game screen: the result (src/ui/game.rs)

game-aborted = Game aborted: no result
game-aborted-setup-time = Game aborted: no result { $dash } set-up time ran out
game-wins = { $color } wins
game-draw = Draw
game-not-ready = { $color } was not ready in time
game-result = { $head } { $dash } { $reason }
game-over-nobody-moved = Nobody moved: nothing is recorded or rated
game-over-won = You won!
game-over-lost = You lost
game-over-rating = Your rating: { $change }
game-rematch-gone = { $nick } left: no rematch
game-rematch-agreed = Rematch agreed
game-rematch-asked = You asked for a rematch
game-rematch-offered = { $nick } asks for a rematch: r to accept
game-rematch-keys = r rematch, q back to the lobby
game-over-tournament = A tournament game: the tournament pairs your next one. q back to the lobby
game-next-game = Next game starting...

## Game screen: below the board, moves, chat (src/ui/game.rs)

game-moves = Moves
game-no-moves = no moves yet
game-left = left
game-taken = taken
game-taken-none = none
game-chat = Chat
game-chat-spectators = Chat (only spectators see it)
game-chat-say = say:
game-chat-start = t to chat
game-move-prompt = move:
game-rescue = Rescue
game-rescue-none = none
game-rescue-where = Rescue the { $name }:
game-rescue-pick = pick a highlighted square

## Game screen: messages (src/ui/game.rs)

game-msg-already-offered = You already offered a draw
game-msg-claim-not-yet = You can claim the win only when your opponent's time to reconnect has run out
game-msg-no-rematch = { $nick } has left: no rematch
game-msg-not-your-turn-yet = Not your turn yet: you can plan your move
game-msg-no-legal-move = The piece on { $square } has no legal move
game-msg-selected = { $rank ->
    [unknown] The piece
   *[other] { $name }
} on { $square }: arrows to a marked square, Enter moves it, Esc puts it back
game-msg-rescue-choose = Rescue: choose a piece to bring back
game-msg-move-cancelled = Move cancelled
game-msg-rescue-cannot = The { $name } cannot be placed on { $square }
game-msg-not-a-square = '{ $text }' is not a square: write a file A-J and a rank 1-10, like C4
game-msg-not-a-move = '{ $text }': write a move as two squares, like c4 c5

## Game screen: why a move is refused (src/ui/game.rs)

game-illegal-game-over = The game is over
game-illegal-not-your-turn = It is not your turn
game-illegal-no-piece = There is no piece on { $square }
game-illegal-not-your-piece = The piece on { $square } is not yours
game-illegal-never-moves = { $rank ->
    [flag] The Flag never moves
   *[other] { $name }s never move
}
game-illegal-same-square = A piece must move to another square
game-illegal-lake = { $square } is a lake: nothing may enter it
game-illegal-diagonal = Pieces move straight, never diagonally
game-illegal-only-scouts-run = Only Scouts move more than one square
game-illegal-scout-crosses-lake = Scouts cannot cross a lake
game-illegal-scout-blocked = Scouts cannot pass over pieces
game-illegal-own-piece = You cannot attack your own piece on { $square }
game-illegal-two-square = Two-square rule: this piece has moved between { $a } and { $b } { $times ->
    [1] once
    [2] twice
    [3] three times
    [4] four times
    [5] five times
    [6] six times
    [7] seven times
    [8] eight times
    [9] nine times
    [10] ten times
   *[other] { $times } times
} in a row
game-illegal-more-squares = More-squares rule: this move would repeat a position of your chase
game-illegal-rescue-not-played = Rescue is not played in this game
game-illegal-rescue-not-on-back-row = A rescue needs a move onto the enemy back row
game-illegal-rescue-by-attack = A rescue needs a move onto an empty square, not an attack
game-illegal-scout-rescue = Scouts cannot rescue
game-illegal-bomb-rescue = A Bomb cannot be rescued
game-illegal-two-rescues = You have already made two rescues
game-illegal-rescuer-again = This piece has already made a rescue
game-illegal-none-captured = You have no captured { $name } to rescue
game-illegal-rescue-square = A rescued piece goes on an empty square of your own half; { $square } is not one

## Game screen: questions (src/ui/game.rs)

game-ask-resign-title = Resign
game-ask-resign = Resign this game?
game-ask-leave-title = Leave
game-ask-abort-title = Abort
game-ask-abort = End this game without a result? Nothing is recorded or rated, and your opponent is told.
game-ask-leave-unplayed = Leave this game? Nobody has moved yet: the game ends without a result.
game-ask-leave-clock = Leave this game? Your clock keeps running, and if you are not back within the reconnect time (2 minutes unless the server is set otherwise), your opponent may claim the win.
game-ask-leave = Leave this game? If you are not back within the reconnect time (2 minutes unless the server is set otherwise), your opponent may claim the win.
game-ask-ready-title = Ready
game-ask-ready = Submit this set-up? It cannot be changed afterwards.
game-ask-clear-title = Clear
game-ask-clear = Take every piece off the board?
game-ask-fill-title = Fill
game-ask-fill = Fill the whole army afresh, moving the pieces you placed too?

## Game screen: keys (src/ui/game.rs)

game-help-title = Game keys
game-help-title-setup = Set-up keys
game-key-arrows-enter = arrows/Enter
game-key-arrows = arrows
game-key-enter-space = Enter / Space
game-key-colon-m = : or m
game-key-arrows-hjkl-tab = arrows, hjkl, Tab
game-key-n-esc-other = n / Esc, other keys
game-keys-move = move
game-keys-cursor = move
game-keys-type-move = type move
game-keys-leave = leave
game-keys-chat = chat
game-keys-draw = draw
game-keys-draw-answer = draw?
game-keys-resign = resign
game-keys-claim = claim
game-keys-rematch = rematch
game-keys-flip = flip
game-keys-settings = settings
game-keys-lobby = lobby
game-keys-help = help
game-keys-play = play
game-keys-cancel = cancel
game-keys-example = e.g. c4 c5
game-keys-send = send
game-keys-ok = ok
game-keys-choose = choose
game-keys-skip-back = skip / back
game-keys-yes = yes
game-keys-no = no
game-help-cursor = move the cursor
game-help-select = select a piece, then its target
game-help-mouse = click a piece, then a target
game-help-type-move = type a move: c4 c5, c4-c5
game-help-deselect = drop the selection
game-help-leave = leave the game / back to the lobby
game-help-chat = chat
game-help-draw = offer a draw (accept a standing offer)
game-help-draw-answer = accept / decline the opponent's draw offer
game-help-resign = resign (asks first)
game-help-claim = claim the win when the opponent is gone too long
game-help-rematch = rematch (after the game)
game-help-flip = flip the board
game-help-settings = settings
game-help-ask-leave = leave the game (asks first)
game-help-rescue-pieces = choose a piece to bring back
game-help-rescue-number = rescue that piece
game-help-rescue-highlighted = rescue the highlighted piece
game-help-no-rescue = no rescue: only the move
game-help-place = put the piece there
game-help-unchoose = back to the choice of piece
game-help-yes = yes
game-help-no = no

## Battles and moves in words (src/ui/words.rs)

battle-won = { $from }x{ $to }: { $attacker } attacked { $defender } and won
battle-lost = { $from }x{ $to }: { $attacker } attacked { $defender } and lost
battle-tie = { $from }x{ $to }: { $attacker } attacked { $defender }: both were removed
battle-flag = { $from }x{ $to }: { $attacker } attacked { $defender } and captured the Flag
battle-bomb = { $from }x{ $to }: { $attacker } attacked { $defender } and defused it
battle-your-attacker = { $rank ->
    [unknown] Your unknown piece
   *[other] Your { $piece }
}
battle-a-defender = { $rank ->
    [unknown] an unknown piece
   *[other] a { $piece }
}
battle-an-attacker = { $rank ->
    [unknown] An unknown piece
   *[other] A { $piece }
}
battle-your-defender = { $rank ->
    [unknown] your unknown piece
   *[other] your { $piece }
}
battle-side-attacker = { $rank ->
    [unknown] { $color }'s unknown piece
   *[other] { $color }'s { $piece }
}
battle-side-defender = { $rank ->
    [unknown] { $color }'s unknown piece
   *[other] { $color }'s { $piece }
}
battle-you-moved = You moved { $from }-{ $to }
battle-side-moved = { $color } moved { $from }-{ $to }
battle-rescued = ; a { $name } rescued to { $square }
battle-short-win = win
battle-short-loss = loss
battle-short-tie = tie

## Marks
## What the marks on the board and the clocks mean: they tell without colour (NO_COLOR,
## colours: none) what the colours tell (src/ui/board.rs, game.rs, setup.rs). The help
## shows each after its mark, like `( )  the selected piece`.
game-mark-selected = the selected piece; {"{"} {"}"} with the cursor on it
game-mark-target = an enemy piece the selected one may attack
game-mark-last = at a square's left: a square of the last move
game-mark-opponent = at a piece's right: your opponent's
game-mark-blue = at a piece's right: Blue's (Red's have no mark)
game-mark-low-time = a clock with less than 20 seconds left
game-mark-picked = the piece picked up; {"{"} {"}"} with the cursor on it

## Notes on the opponent's unknown pieces (`N`, then a key)
game-keys-note = note
game-help-note = a note on the unknown enemy piece under the cursor, then a key: a rank key, n not a Bomb, m moved, Del clears (only you see it)
game-keys-note-rank = note that rank
game-key-rank = rank key
game-keys-note-not-bomb = not a Bomb
game-help-note-not-bomb = note: not a Bomb
game-keys-note-moved = moved
game-help-note-moved = note: it moved
game-keys-note-clear = clear
game-help-note-clear = clear the note
game-help-note-cancel = no note
game-note-prompt = Note on { $square } (only you see it): a rank key (b: a Bomb?), n not a Bomb, m moved, Del clears, Esc cancels. A list: m, then note { $square } 8 9
game-note-not-a-key = not a rank key: a rank key (b: a Bomb?), n, m, Del or Esc
game-mark-note = 8? in italics: your own note on an unknown piece (a guess, not its rank)
game-ask-leave-correspondence = Leave this game? A correspondence game waits for you: nobody can claim it; come back before your move's deadline (Enter on it under Games in play).
