# Set-up (en): the set-up screen, the seek / challenge / computer forms, the help's parts.

## Seek, challenge and computer forms (src/ui/dialog.rs)

form-title-seek = New seek
form-title-challenge = Challenge
form-title-bot = Play the computer
form-level = Computer level
form-level-random = random
form-level-easy = easy
form-level-hard = hard
form-variant = Variant
form-two-square = Two-square limit
form-moves = { $count ->
        [one] 1 move
       *[other] { $count } moves
    }
form-chasing = Chasing rule
form-chasing-on = on: no endless chases
form-chasing-off = off: chases allowed
form-aggressor = Aggressor Advantage
form-aggressor-on = on: the attacker wins ties
form-aggressor-off = off: ties remove both
form-silent = Silent Defense
form-silent-on = on: only the attacker shown
form-silent-off = off: both ranks shown
form-rescue = Rescue
form-rescue-on = on: back row frees a piece
form-rescue-off = off
form-duel-rows = Duel set-up rows
form-rows = { $count } rows
form-rows-duel-only = { $count } rows (Duel only)
form-immobility = A side that cannot move
form-immobility-on-turn = loses on its turn
form-immobility-immediate = loses at once
form-rated = Rated
form-rated-guest = casual (guests)
form-rated-on = rated
form-rated-off = casual: no rating change
form-rated-private = casual (private games are)
form-clock = Clock
form-custom-clock = minutes+seconds
form-private-to = Only for (a challenge)
form-anyone = (anyone)
form-private = Private
form-private-on = yes: only the two of you know of the game
form-private-off = no: listed like any game
form-about-agent = bot-{ $name }: another program this server runs. It plays Classic without the two-square and chasing rules (the rules it was written for); casual.
form-about-random = Random: the computer plays any legal move.
form-about-easy = Easy: a gentle opponent for a first game.
form-about-hard = Hard: the computer plays to win.
form-about-classic = Classic: the whole army, 40 pieces each, in four rows.
form-about-duel = Duel: a quick game with 10 pieces each.
form-about-barrage = Barrage: a quick game with 8 pieces each.
form-about-two-square = A piece may move back and forth between the same two squares at most { $count } times in a row.
form-about-chasing = Chasing rule (more-squares): a piece chasing another may not bring back a position of the same chase.
form-about-aggressor = When two pieces of the same rank meet: on, the attacker wins; off, both are removed.
form-about-silent = In a battle, on: only the attacker's rank is shown (both when a Scout attacks); off: both ranks are shown.
form-about-rescue = A piece that steps onto the enemy back row (not by attacking) brings back one captured piece, twice at most per player.
form-about-duel-rows = How many rows each side sets up in, in Duel.
form-about-immobility = On its turn: a side with no legal move when it is to move loses. At once: a side whose pieces are all blocked loses right after the move (both blocked: a draw).
form-about-rated = Rated games change both players' ratings; casual games do not.
form-about-clock = Each player's time for the whole game, plus seconds added after each of their moves.
form-about-private-to = A player's nickname: only they see the seek (a challenge). Empty: anyone may accept.
form-about-private = Private: nobody but the two of you learns that the game exists (no list, no spectators, no web page). Ratings are public, so a private game is casual.
form-error-guest-rated = Guests play casual games: log in with a key to play rated
form-error-custom-clock = custom clock: write minutes+increment, like 15+10
form-error-not-a-clock = '{ $text }' is not a clock: write minutes+increment, like 10+5
form-error-clock-range = clock: 1 to 180 minutes, increment up to 180 seconds
form-error-whom = Whom do you challenge? Type a nickname
form-error-private-rated = A private game is casual (ratings are public): set Private to no to play rated
form-keys-field = field
form-keys-change = change
form-keys-cancel = cancel
form-keys-post = post
form-keys-challenge = challenge
form-keys-play = play
form-own-rules = own rules
form-no-clock = no clock
form-clock-words = { $minutes } min + { $seconds } s a move
form-rules-two-square = two-square { $count } moves
form-rules-no-two-square = no two-square rule
form-rules-chasing = chasing rule
form-rules-no-chasing = no chasing rule
form-rules-aggressor = the attacker wins ties
form-rules-silent = only the attacker is shown
form-rules-rescue = rescue
form-rules-immobility = a blocked side loses at once
form-rules-duel-rows = set up in { $count } rows

## Set-up screen (src/ui/setup.rs)

setup-not-your-square = { $square } is not one of your set-up squares
setup-variant-has-no = { $variant } has no { $rank }
setup-all-placed = All { $count } { $ranks } placed
setup-nothing-to-pick = Nothing to pick up here: type a rank key to place a piece
setup-filled-all = Filled like the computer: Space swaps pieces, or r again
setup-filled-rest = { $count ->
        [one] Filled the empty squares like the computer; the piece you placed stays (r again: the whole army afresh)
       *[other] Filled the empty squares like the computer; the { $count } pieces you placed stay (r again: the whole army afresh)
    }
setup-name-needed = A saved set-up needs a name
setup-saved = Saved as '{ $name }'
setup-loaded = Loaded '{ $name }'
setup-loaded-but = Loaded '{ $name }', but: { $error }
setup-sent-waiting = Set-up sent: waiting for your opponent
setup-not-ready = Not ready: { $error }
setup-is-sent = Your set-up is sent: waiting for your opponent
setup-complete-first = Complete the set-up before saving it ({ $error })
setup-no-saved = No saved { $variant } set-ups yet: S saves this one
setup-places-no-piece = '{ $key }' places no piece: see the list on the right
setup-already-empty = This square is already empty
setup-empty-already = The board is empty already: place your pieces, or r fills them
setup-cleared = Cleared: place your pieces, or r fills them
setup-error-count = { $found } { $ranks } placed, the army has { $expected }
setup-error-outside = { $square } is outside your set-up rows
setup-error-lake = { $square } is a lake: nothing may stand there
setup-error-twice = { $square } is used twice
setup-title-watching = The players are setting up
setup-title-watching-left = Setting up: { $time } left
setup-title-sent = Sent: waiting for your opponent
setup-title-sent-left = Sent: your opponent has { $time }
setup-title-arrange = Set up your army ({ $color })
setup-title-arrange-left = { $time } left { $dash } Set up your army ({ $color })
setup-head-key = key
setup-head-piece = piece
setup-head-left = left
setup-placed = { $placed } of { $total } placed
setup-save-as = save as:
setup-tip = arrows move, rank keys place, Space picks up/swaps, Del removes
setup-saved-title = Saved { $variant } set-ups
setup-plural-marshal = Marshals
setup-plural-general = Generals
setup-plural-colonel = Colonels
setup-plural-major = Majors
setup-plural-captain = Captains
setup-plural-lieutenant = Lieutenants
setup-plural-sergeant = Sergeants
setup-plural-miner = Miners
setup-plural-scout = Scouts
setup-plural-spy = Spies
setup-plural-bomb = Bombs
setup-plural-flag = Flags

## Set-up keys: footer and help (src/ui/setup.rs)

setup-keys-pick-swap = pick/swap
setup-keys-fill = fill
setup-keys-clear = clear
setup-keys-save-load = save/load
setup-keys-ready = ready
setup-keys-chat = chat
setup-keys-help = help
setup-keys-leave = leave
setup-keys-load = load
setup-keys-delete = delete
setup-keys-close = close
setup-help-cursor = move the cursor on your set-up rows
setup-help-pick = pick up a piece, again to swap / move it
setup-help-ready = ready: send the set-up
setup-help-marshal-modern = place the Marshal (10)
setup-help-ranks-modern = place General (9) .. Scout (2)
setup-help-spy-modern = place the Spy
setup-help-ranks-classic = place Marshal (1) .. Scout (9)
setup-help-spy-marshal-classic = place the Spy / the Marshal
setup-help-bomb-flag = place a Bomb / the Flag
setup-help-drop = put the piece picked up back
setup-help-remove = remove the piece
setup-help-fill = fill the empty squares like the computer (again: the whole army afresh)
setup-help-clear = clear the board (asks first)
setup-help-save-load = save this set-up / load a saved one
setup-help-mouse = click squares to pick and swap, ranks to place
setup-help-chat = chat
setup-help-settings = settings
setup-help-leave = leave the game
setup-help-abort = end the game without a result (nothing recorded)
setup-help-choose = choose a saved set-up
setup-help-load = load it
setup-help-delete = delete it
setup-help-close = close the list

## Help: key names the help tables need besides core.ftl's (src/ui/lobby.rs, src/ui/setup.rs)

help-keys-left-right-hl = Left / Right, h / l
help-keys-page-ends = PgUp/PgDn, Home/End
help-keys-ready = d (or Enter when complete)
help-keys-marshal = 0 or x, X
help-keys-spy = 1 or s
form-days = { $days ->
        [one] 1 day a move (correspondence)
       *[other] { $days } days a move (correspondence)
    }
form-days-budget = { $days ->
        [one] 1 day a move
       *[other] { $days } days a move
    }, { $budget } days in all (correspondence)
form-budget = Total budget
form-budget-none = none: each move has its days
form-budget-days = { $budget } days for all your moves
form-about-budget = A correspondence game's time for all of a player's moves: each move spends what it took, and is due by its days or when the budget runs out, whichever is sooner. Run out and you lose on time.
