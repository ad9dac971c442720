# English: the reference catalog. Every id here is in every other catalog (tests/i18n.rs).
# Ids are screen-what; each screen's messages under its "## Screen" heading.

## Welcome card (src/ui/welcome.rs)

welcome-title = Welcome to stratego-ssh
welcome-rename-title = Change your name
welcome-new-key = Your SSH key is new here. The server will know you by this name, with your rating and your games:
welcome-key-is-account = Your key is your account: no password. Come back with the same key and you are this player again. Without a key one plays as a guest: casual games, a new name each time. To get a key:
welcome-then-connect = then connect with the name you want:
welcome-host-note = (HOST, and -p PORT, as in the ssh command you used now)
welcome-rename-later = You can change your name once later: p (your profile), then r.
welcome-guest-intro = You connected without a key this server knows: you are a guest here, named { $nick }.
welcome-guest-can = A guest can play the computer and casual games, watch games and chat. A guest cannot play rated games, and nothing is kept: no rating, no game history, a new name next time.
welcome-guest-keep = To keep a name, its rating and games, use a key:
welcome-rename-intro = You can change your name once. Your rating and your games stay with your key; the old name stays reserved for a while.
welcome-type-first = Type the new name first (Esc keeps yours)
welcome-asking = asking for { $nick }…
welcome-name-rule = 2 to 16 letters, digits, _ or -, starting with a letter
welcome-name = name:
welcome-new-name = new name:
welcome-or-type = (or type another)
welcome-keys-take = take the name typed
welcome-keys-change = change my name
welcome-keys-start = start playing
welcome-keys-keep-mine = keep my name
welcome-keys-cancel = cancel
welcome-keys-keep-this = keep this name

## Too-small screen (src/ui/too_small.rs)

small-larger = Please make the window larger
small-size = (now { $width }x{ $height }, need { $min_width }x{ $min_height })
small-keys-quits = quits
small-game = Game #{ $id }
small-you-play = you play { $color }
small-watching = watching
small-setup-sent = Set-up sent: waiting for your opponent
small-setup-place = Set-up: place your pieces
small-setting-up = The players are setting up
small-your-turn = Your turn
small-to-move = { $color } to move ({ $nick })
small-move = move { $number }
small-gone = { $nick } is gone: the reconnect time is up
small-disconnected = { $nick } is disconnected: { $seconds }s to reconnect

## Quit question (src/ui/dialog.rs, src/ui/mod.rs)

quit-title = Quit
quit-question = Quit stratego-ssh?
quit-keys-yes = yes
quit-keys-no = no

## Settings (src/ui/dialog.rs)

settings-title = Settings
settings-numbering = Piece numbering
settings-numbering-modern = modern (Marshal 10, Scout 2)
settings-numbering-classic = classic (Marshal 1, Scout 9)
settings-ascii = ASCII only
settings-on = on
settings-off = off
settings-colours = Colours
settings-colours-none = none
settings-language = Language
settings-line-mode = Line mode
settings-line-mode-off = off (for screen readers)
settings-keys-choose = choose
settings-keys-change = change
settings-keys-close = close

## Key names shared by the screens

keys-up-down = Up/Down
keys-enter-space = Enter/Space
keys-enter = Enter
keys-esc = Esc
keys-space = Space
keys-tab = Tab
keys-tab-shift-tab = Tab / Shift-Tab
keys-up-down-jk = Up / Down, j / k
keys-left-right = Left/Right
keys-left-h = Left / h
keys-right-l = Right / l
keys-left-right-v = Left / Right, v
keys-arrows-hjkl = arrows / hjkl
keys-esc-q = Esc / q
keys-q-esc = q / Esc
keys-esc-n = Esc / n
keys-esc-other = Esc, other keys
keys-del-backspace = Del / Backspace
keys-x-del = x / Del
keys-y-enter = y / Y / Enter
keys-space-enter = Space / Enter
keys-mouse = mouse
keys-pgup-pgdn = PgUp/PgDn
keys-home-end = Home/End

## Help dialog (src/ui/dialog.rs)

keys-any-key = any key
keys-closes-help = closes this help
keys-help-more = { $count } more: a taller window shows them

## Colours of the sides

color-red = Red
color-blue = Blue

## Variants (src/ui/vocab.rs)

variant-classic = Classic
variant-duel = Duel
variant-barrage = Barrage

## How a game ended, as a phrase (src/ui/vocab.rs)

end-flag-captured = flag captured
end-no-movable-pieces = no movable pieces left
end-no-legal-move = no legal move
end-both-cannot-move = neither side can move
end-move-cap = move limit reached
end-resignation = resignation
end-draw-agreed = draw agreed
end-time = time
end-abandonment = abandonment
end-aborted = aborted before the first move

## Ranks: names, and the letters of the pieces without a number

rank-marshal = Marshal
rank-general = General
rank-colonel = Colonel
rank-major = Major
rank-captain = Captain
rank-lieutenant = Lieutenant
rank-sergeant = Sergeant
rank-miner = Miner
rank-scout = Scout
rank-spy = Spy
rank-bomb = Bomb
rank-flag = Flag
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F

## A note's guess, in words (screens, lines and the board in the browser)
note-usage = a note: note SQUARE GUESS, the guess a rank (8), up to three (8 9), bomb, not-bomb or moved; note SQUARE clear removes it
note-guess-one = { $a }?
note-guess-two = { $a } or { $b }?
note-guess-three = { $a }, { $b } or { $c }?
note-guess-not-bomb = not a Bomb
note-guess-moved = moved
