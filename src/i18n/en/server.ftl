# server (en)
# What the server says: notices (notice-…), refusals (refusal-…) and the exec
# commands' text (exec-…). Arguments: nicks and names as they are.

## Lobby: seeks and challenges (src/lobby/seeks.rs)

notice-challenge = { $nick } challenges you: { $variant } { $rated ->
        [rated] rated
        [private] private casual
       *[casual] casual
    } — see Open seeks
notice-challenge-clock = { $nick } challenges you: { $variant } { $rated ->
        [rated] rated
        [private] private casual
       *[casual] casual
    } { $clock } — see Open seeks
refusal-guests-casual-key = guests play casual games only: connect with an SSH key to play rated
refusal-private-rated = a private game is casual: ratings are public, so a rated game cannot be private
refusal-private-needs-player = only a challenge to one player can be private: name the player
refusal-three-seeks = you have three open seeks already
refusal-seeks-too-fast = you are posting seeks too fast: one every few seconds (five at once)
refusal-challenge-yourself = you cannot challenge yourself
refusal-not-online = { $nick } is not online
refusal-no-program = this server has no program called { $name }
refusal-agent-busy = bot-{ $name } is already playing as many games as this server runs at once ({ $games }): try again in a while, or play our own computer
notice-seek-to-computer = Nobody took your seek: the computer (easy) plays you. Computer games are casual.
refusal-no-such-challenge = there is no such challenge to you
notice-challenge-declined = { $nick } declined your challenge
notice-line-mode = Line mode: every event is a line. Type help for the commands, screens to go back to the screens.
notice-dumb-terminal = Your terminal (TERM=dumb) cannot draw the screens, so you play in lines. Type help for the commands, or screens to try the screens anyway.
notice-screens-need-terminal = The screens need a terminal: connect with ssh -t.
notice-you-declined = You declined { $nick }'s challenge
refusal-seek-gone = that seek is gone
refusal-own-seek = that is your own seek: x cancels it
refusal-someone-elses = that challenge is for someone else
refusal-guests-casual = guests play casual games only
refusal-player-left = that player has left

## Lobby (src/lobby/mod.rs)

notice-server = Server: { $text }
refusal-too-fast = you are sending messages too fast
refusal-too-fast-address = too many messages from your address (everyone connected from it counts together): wait a few seconds
refusal-guest-games = Guests from your address have { $games ->
        [one] 1 game
       *[other] { $games } games
    } in progress: finish one first, or connect with an SSH key
refusal-cannot-start = { $nick } cannot start another game now: try again later
refusal-own-games = You already have { $games ->
        [one] a game
       *[other] { $games } games
    } in progress: finish one first (Enter on it under Games in play goes back to it)
refusal-their-games = { $nick } already has { $games ->
        [one] a game
       *[other] { $games } games
    } in progress: try again later
notice-game-started-elsewhere = Your game #{ $game } started in another terminal: Enter on it under Games in play to play it here
refusal-tournament-rematch = No rematch in a tournament: its director pairs your next game

## Lobby: watching, results told away from the game (src/lobby/sessions.rs)

refusal-game-ended = that game has ended
refusal-cannot-watch = that game cannot be watched
notice-game-ended-away = Your game #{ $game } against { $opponent } has ended: { $verdict ->
        [won] you won
        [lost] you lost
       *[draw] a draw
    } ({ $reason }){ $change }
notice-rating-change = ; your rating { $before } -> { $after }
notice-rating-now = ; your rating is { $rating }

## Games (src/game/mod.rs)

notice-setup-ran-out = Set-up time{ $limit } ran out: { $nick } was not ready and loses
notice-setup-ran-out-both = Set-up time{ $limit } ran out with neither side ready: game aborted
notice-left-no-rematch = { $nick } left: no rematch
notice-draw-declined = { $nick } declined your draw offer
refusal-resign-instead = moves were played: resign instead
notice-forfeit-no-result = { $nick } { $why }: the game ends without a result
notice-forfeit-win = { $nick } { $why }: you win
notice-forfeits-timeout = forfeits (its program did not answer within { $seconds } s)
notice-forfeits = forfeits ({ $why })
notice-forfeits-not-started = forfeits (could not be started ({ $detail }))
notice-forfeits-ended = forfeits (the program ended (exit status: { $code }))
notice-forfeits-killed = forfeits (the program ended (killed by a signal))
notice-forfeits-closed-output = forfeits (the program closed its output)
notice-forfeits-stopped-reading = forfeits (the program has stopped reading)
notice-forfeits-not-reading = forfeits (its program did not read its input within { $seconds } s)
notice-forfeits-line-too-long = forfeits (its program sent a line longer than { $bytes } bytes)
notice-forfeits-bad-setup = forfeits ({ $detail })
notice-forfeits-bad-reply = forfeits ({ $detail })
notice-forfeits-illegal-move = forfeits (illegal move { $move })
refusal-game-over = the game is over
notice-saving-result = saving the result… (the server cannot write to its disk right now; it keeps trying)
refusal-not-started = the game has not started: both set-ups first
refusal-not-your-turn = it is not your turn
refusal-illegal-move = illegal move { $move }: { $why }
refusal-cannot-save-move = the server cannot save moves right now (its disk refused the write): your move was not played; try again
refusal-opponent-may-return = your opponent still has time to reconnect
refusal-setup-over = the set-up phase is over
refusal-setup = set-up refused: { $why }
refusal-cannot-save-game = The server could not save the game, so play has not started: { $nick } has to be ready again (d) to retry

## Tournaments (src/lobby/tournaments.rs)

notice-status-upcoming = upcoming
notice-status-running = running
notice-status-finished = finished
notice-status-cancelled = cancelled
refusal-no-tournament = no tournament #{ $id }
refusal-tournament-needs-key = running tournaments needs an SSH key
refusal-order-nested = an order within an order
refusal-organiser-cap = you have { $count ->
        [one] 1 tournament
       *[other] { $count } tournaments
    } upcoming or running, the most one organiser may have on this server: cancel one or wait for one to end
refusal-tournament-numbering = cannot number a tournament: { $error }
refusal-not-theirs = tournament #{ $id } was created by { $nick }: only they or an admin may change it
refusal-no-longer-editable = tournament #{ $id } has started: it can no longer be edited
refusal-tournament-is = tournament #{ $id } is { $status }
refusal-bots-admin-only = only an admin enters computer players
refusal-bots-not-allowed = computer players enter tournaments only where the host allows it for testing (tournament_bots = true)
refusal-no-more-entries = tournament #{ $id } takes no more entries
refusal-bot-already-in = bot-{ $level } is in tournament #{ $id } already
refusal-tournament-full = { $name } is full: { $max } players, the most one tournament takes on this server
refusal-swiss-started = { $name } has started: a Swiss takes entries before its first round
refusal-name-is = { $name } is { $status }
refusal-computers-do-not-enter = computer players do not enter tournaments
refusal-keys-only = { $name } is for players with an SSH key: connect with one to join
refusal-not-invited = { $name } is by invitation, and { $nick } is not on its list
refusal-too-few-rated-games = { $name } asks for { $need ->
        [one] 1 rated { $variant } game
       *[other] { $need } rated { $variant } games
    }; you have { $have }
refusal-already-in = you are in { $name } already
refusal-stopping = the server is stopping
refusal-terms-name = a name has 1 to { $max } characters
refusal-terms-arena-minutes = an arena lasts 1 to 720 minutes
refusal-terms-days-arena = correspondence games (days a move) make a Swiss, not an arena: an arena is played at one sitting
refusal-terms-swiss-rounds = a Swiss has 1 to 30 rounds
refusal-terms-start-passed = the start time has passed
refusal-terms-start-far = the start is more than a year away
refusal-terms-no-invitees = an invitation list names at least one nick
notice-tournament-created = tournament #{ $id } "{ $name }" created
notice-tournament-edited = tournament #{ $id } edited
notice-tournament-is = tournament #{ $id } is { $status }
notice-bot-entered = bot-{ $level } entered tournament #{ $id }
notice-tournament-cancelled = tournament #{ $id } cancelled
notice-back-in = you are back in { $name }
notice-joined-running = you joined { $name }: your first game comes in a moment
notice-joined-upcoming = you joined { $name }: stay online, your first game starts when it does
notice-not-in = you are not in { $name }
notice-left = you left { $name }
notice-paused = paused in { $name }: your points stay; join again to be paired again
notice-withdrew = you withdrew from { $name }: no more rounds for you (a game in play still counts)
notice-not-playing-in = you are not playing in { $name }
notice-tournament-game = { $name }: your game #{ $game } starts, you play { $color }

## Accounts: nicknames and saved set-ups (src/service/accounts.rs)

refusal-nick-taken = { $nick } is taken: try another
refusal-no-renames-left = you have changed your nickname once already
refusal-rename-guest = guests get a new name each visit: connect with an SSH key to keep one
refusal-rename-store = the nickname cannot be changed now: { $error }
refusal-nick-rule = a nickname has 2 to 16 characters: letters, digits, _ and -, starting with a letter
refusal-nick-empty = please choose a nickname: { $rule }
refusal-nick-short = that nickname is too short: { $rule }
refusal-nick-long = that nickname is too long: { $rule }
refusal-nick-char = a nickname cannot contain { $char }: { $rule }
refusal-nick-letter = a nickname must start with a letter: { $rule }
refusal-nick-guest = nicknames starting with "guest" are kept for guests: please choose another
refusal-nick-reserved = "{ $word }" would pass for the server or its staff: please choose another
refusal-setup-no-name = a saved set-up needs a name
refusal-setups-too-many = { $max } saved set-ups at most: delete one first
refusal-setup-store = set-up not saved: { $error }
notice-key-registered-as = Your key is registered as { $nick }: one nickname per key keeps ratings honest.
notice-login-bad-nick = '{ $asked }' cannot be a nickname ({ $why }); you are { $nick }. Connect as ssh NAME@host to choose.
notice-login-look-alike = The nickname { $asked } looks too much like { $other }, another player's; you are { $nick }.
notice-login-nick-owned = The nickname { $asked } belongs to another key; you are { $nick }.
notice-login-too-many-new = Too many new players from your network in the last hour ({ $max } at most): you are { $nick } for this visit only (no nickname is registered to your key). Come back later to register it.
notice-login-unchecked = Nicknames cannot be checked right now; you are { $nick } for this visit.
refusal-rename-bad-nick = '{ $asked }' cannot be a nickname ({ $why })
refusal-rename-look-alike = { $nick } looks too much like { $other }, another player: try another

## Admin results (src/service/admin.rs, src/ssh/session.rs)

notice-admin-kicked = kicked { $sessions ->
        [one] 1 session
       *[other] { $sessions } sessions
    } of { $nick }
notice-admin-banned = banned { $target }; { $sessions ->
        [one] 1 session
       *[other] { $sessions } sessions
    } disconnected
notice-admin-unbanned = unbanned { $target }
notice-admin-sent = sent
refusal-not-banned = { $target } was not banned
refusal-ban-key = { $detail }
refusal-ban-addr = { $detail }
refusal-ban-target = { $detail }
refusal-nothing-to-broadcast = nothing to broadcast
refusal-cannot-read-bans = cannot read the bans: { $error }

## A session (src/ssh/session.rs)

notice-comeback =
    Guest: if you drop, come back to your game with:
    { $command }
notice-seat-taken = Game #{ $game } goes on in your other terminal
notice-comeback-unknown = No game of yours waits for that pass (it may be mistyped, or the game has ended): you are a new guest, { $nick }.
help-comeback = Back after a drop
notice-seat-elsewhere = Game #{ $game } is open in your other terminal. To play it here, press r (in lines: watch { $game }); the other terminal goes back to the lobby.
notice-nick = You are now { $nick }.
notice-kicked = Disconnected by an admin: { $reason }
notice-kicked-no-reason = Disconnected by an admin
notice-banned = You are banned from this server: { $reason }
notice-banned-no-reason = You are banned from this server
notice-guests-closed = Guest logins from your address are closed until { $until } UTC: a player banned here last used it
notice-no-pty =
    stratego-ssh draws a full-screen game and needs a terminal.
    Connect with: { $connect }   (or { $head } NAME@{ $host } to choose your nickname)
    To play in lines (screen readers, scripts): { $plain } play
notice-idle = Disconnected: no key pressed for { $time } (the server's idle_timeout).
refusal-not-stored = that is not stored here
notice-core-away = The game server is away for a moment: your games are kept, and go on when it is back.
notice-core-back = The game server is back: your games go on.
refusal-core-away = not sent: the game server is away for a moment (your games are kept)
notice-setup-saved = set-up '{ $name }' saved

## Exec commands: ssh HOST COMMAND [--lang de|nl] (src/ssh/commands.rs, src/ssh/events.rs)

exec-usage =
    commands:
      leaderboard [classic|duel|barrage]
      games NICK
      games --live
      games --my-turn    (your correspondence games waiting for a move: exit status 0 when one is, 1 when none)
      replay ID [--format record|gravon]
      replay ID --analysis    (the hard computer's review of every move)
      tournaments
      tournament ID [--format json]
      play    (the game in lines, for screen readers and scripts: type help)
      web-login    (a one-time link that signs a browser in under your key's nick)
      web-sessions [end N|all]    (the browsers signed in as you; sign them out)
    add --lang de or --lang nl to a command for its text in German or Dutch (JSON is the same in every language)

    to play, connect with a terminal: { $connect }
exec-bad-lang = unknown language '{ $lang }': use { $codes }
exec-unknown-command = unknown command '{ $command }'
exec-line-too-long = that command line is too long: { $length } characters, at most { $max }; nothing was done
exec-unknown-variant = unknown variant '{ $variant }': classic, duel or barrage
exec-unknown-format = unknown format '{ $format }': use record or gravon
exec-link = Link: { $link }
exec-no-rated-games = no rated { $variant } games yet: players are listed after their first
exec-cannot-read-leaderboard = cannot read the leaderboard: { $error }
exec-no-games-of = no finished games of { $nick }
exec-cannot-read-games = cannot read games: { $error }
exec-rated = rated
exec-casual = casual
exec-col-rank = rank
exec-col-nick = nick
exec-col-rating = rating
exec-col-deviation = deviation
exec-col-games = games
exec-col-wins = wins
exec-col-draws = draws
exec-col-losses = losses
exec-col-id = id
exec-col-red = red
exec-col-blue = blue
exec-col-variant = variant
exec-col-rated = rated
exec-col-result = result
exec-col-plies = plies
exec-col-status = status
exec-col-format = format
exec-col-starts = starts (UTC)
exec-col-players = players
exec-col-name = name
exec-col-points = points
exec-col-perf = perf
exec-col-buchholz = buchholz
exec-col-sb = sb
exec-col-results = results
exec-not-a-game-number = '{ $id }' is not a game number
exec-replay-title = Game #{ $id }: { $red } (Red) vs { $blue } (Blue)
exec-replay-won = { $nick } ({ $color }) won: { $reason }
exec-replay-no-winner = no winner: { $reason }
exec-replay-unfinished = unfinished
exec-replay-result = Result: { $result }
exec-replay-moved = { $color } moved
exec-replay-rescue = ; a { $rank } rescued to { $square }
exec-replay-formats = (the stored record: replay { $id } --format record; Gravon's XML: --format gravon)
exec-no-tournaments = no tournaments
exec-format-arena = arena { $minutes }m
exec-format-swiss = swiss { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
exec-not-a-tournament-number = '{ $id }' is not a tournament number
exec-tournament-about = rules: { $rules }; created by { $nick }; starts { $starts } UTC
exec-tournament-ends = ; ends { $ends } UTC
exec-tournament-round = ; round { $round } of { $rounds }
exec-flag-on-fire = on-fire
exec-flag-withdrawn = withdrawn
exec-flag-paused = paused
exec-flag-absent = absent
exec-games-in-play = games in play:
exec-game-round = (round { $round })
exec-tournament-usage =
    tournament commands:
      tournament create NAME [options]   a new tournament (NAME: words before the options)
      tournament edit ID [options]       change an upcoming one (options not given stay)
      tournament start ID                start an upcoming one now
      tournament cancel ID
      tournament join ID                 enter under your key's nick (play it from the lobby)
      tournament withdraw ID             leave one (or pause an arena)
      admin tournament addbot ID easy|hard|random   a computer player enters (where the host
                                         allows it for testing: tournament_bots = true)
    options:
      --arena MINUTES | --swiss ROUNDS   the format (default: --arena 60)
      --variant classic|duel|barrage     (default classic)
      --clock MIN+INC | none             (default 5+3)
      --days 1|3|7                       correspondence games, days a move (a Swiss only)
      --budget 15|30|60                  with --days: each player's total budget in days
      --rated | --casual                 (default rated)
      --start +10m | +2h | now | HH:MM | YYYY-MM-DDTHH:MM (UTC; default +10m)
      --entry anyone | keys | NICK,NICK  who may join (default anyone)
      --min-rated N                      rated games needed to join (default 0)
      --two-square 0|2|3|5  --chase on|off  --aggressor on|off  --silent on|off
      --rescue on|off  --duel-rows 3|4  --immobility turn|now  --cap PLIES
exec-tournament-bad-level = unknown level '{ $level }': easy, hard or random
exec-tournament-on-off = { $flag }: on or off, not '{ $value }'
exec-tournament-no-name = give the tournament a name: tournament create NAME [options]
exec-tournament-needs-value = { $flag } needs a value
exec-tournament-not-a-number = { $flag }: '{ $value }' is not a number
exec-tournament-bad-start = --start: '{ $value }' is not a time: +10m, +2h, now, HH:MM or YYYY-MM-DDTHH:MM (UTC)
exec-tournament-two-square = --two-square: 0 (off), 2, 3 or 5
exec-tournament-duel-rows = --duel-rows: 3 or 4
exec-tournament-immobility = --immobility: turn or now
exec-tournament-unknown-option = unknown option '{ $flag }': tournament help lists them
exec-admin-usage =
    admin commands:
      admin kick NICK [REASON]
      admin ban nick|key|addr VALUE [REASON]
      admin unban nick|key|addr VALUE
      admin bans
      admin broadcast TEXT
      admin backup NAME  (a new directory under the server's backup root, backup_root)
      admin tournament create|edit|start|cancel ...   (admin tournament help)
exec-admin-no-bans = no bans
exec-admin-ban-usage = ban nick NAME, ban key SHA256:..., or ban addr ADDRESS
exec-admin-backed-up = backed up { $entries ->
        [one] 1 entry
       *[other] { $entries } entries
    } in { $trees ->
        [one] 1 tree
       *[other] { $trees } trees
    } to { $dir }
exec-admin-backup-outside = '{ $asked }' is not under the backup root { $root }: give a name (like 2026-11-27) for a new directory there; nothing was written
exec-admin-backup-root = the backup root { $root } cannot be used ({ $error })
exec-admin-backup-make-root = cannot make the backup root { $root } ({ $error })
exec-tournaments-need-admin = creating and running tournaments needs an admin key on this server
exec-key-has-no-nick = your key has no nick yet: connect once with a terminal to claim one ({ $connect }), then run tournaments under it
exec-admin-needs-key = admin commands need an admin key
exec-busy-connection = server busy: at most { $count ->
        [one] 1 command
       *[other] { $count } commands
    } at once on one connection; wait for one to finish and try again
exec-busy-address = server busy: at most { $count ->
        [one] 1 command
       *[other] { $count } commands
    } at once from one address; wait for one to finish and try again
exec-busy-minute = server busy: at most { $count ->
        [one] 1 command
       *[other] { $count } commands
    } a minute from one address; try again in a minute

## Browser sign-in (src/ssh/weblogin.rs)

exec-web-off = The web pages are off on this server: there is no browser to sign in.
exec-web-login =
    Open this link in your browser within { $minutes } minutes to sign it in as { $nick } (it works once):
      { $link }
exec-web-failed = cannot do that now: { $error }
exec-web-none = No browser is signed in as you. web-login makes a link that signs one in.
exec-web-session = { $n }. since { $since } UTC, until { $until } UTC: { $agent }
exec-web-end-how = To sign one out: web-sessions end N (all of them: web-sessions end all)
exec-web-usage = usage: web-login | web-sessions | web-sessions end N|all
exec-web-ended-none = No such browser session: web-sessions lists them
exec-web-ended =
    { $count ->
        [one] 1 browser signed out
       *[other] { $count } browsers signed out
    }
exec-web-needs-nick = your key has no nick yet: connect once with a terminal to claim one ({ $connect }), then sign a browser in under it
exec-web-needs-key = signing a browser in needs an SSH key (a guest plays in the browser as a guest)

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
exec-web-link-key =
    Your key has no nick yet. To add it to an account you made on the web (with a passkey), open this link within { $minutes } minutes in the browser signed in to that account (it works once):
      { $link }
    To give this key a nick of its own instead, connect once with a terminal.

## Notes refused (nothing changes)
refusal-note-spectator = only the players make notes
refusal-note-not-in-play = notes are made during play
refusal-note-empty = there is no piece on { $square } to note
refusal-note-own = { $square } is your own piece: notes are for your opponent's unknown pieces
refusal-note-revealed = the piece on { $square } is known already: no note needed
refusal-note-none = there is no note on { $square }
refusal-note-too-many = too many notes in this game
refusal-note-cannot-save = the note was not kept (the server cannot write to its disk right now)

## A player's own notes in `replay ID` (only they see them)
exec-replay-notes = Your notes (only you see them):
exec-replay-note = before move { $move_number }: { $square } { $guess }
exec-replay-note-cleared = before move { $move_number }: { $square } cleared

## The analysis after a game: `replay ID --analysis`, the replay screen, lines, the web page
exec-analysis-title = Analysis of game #{ $id } by the hard computer ({ $nodes } nodes a move)
exec-analysis-legend = ? a mistake (loses { $mistake } or more), ?? a blunder ({ $blunder } or more). Values are from the side that moved: a Scout is 10, a Marshal 120.
exec-analysis-mistakes = Mistakes as the mover knew it: Red { $red_seen }, Blue { $blue_seen }. With hindsight: Red { $red_hindsight }, Blue { $blue_hindsight }.
exec-analysis-seen = as the mover knew it
exec-analysis-hindsight = with hindsight
exec-analysis-move = move
exec-analysis-best = best
exec-analysis-value = value
exec-analysis-change = change
exec-analysis-only-move = only move
exec-analysis-waiting = The analysis of game #{ $id } is queued ({ $ahead ->
        [one] 1 game
       *[other] { $ahead } games
    } before it): ask again in a minute.
exec-analysis-running = The analysis of game #{ $id } is being made: ask again in a minute.
exec-analysis-full = The analysis queue is full: ask again later.
exec-analysis-off = This server makes no analyses.
exec-analysis-usage = (the hard computer's review of every move: replay { $id } --analysis)

## Correspondence games (src/lobby/seeks.rs, src/lobby/sessions.rs, src/game/mod.rs)

refusal-correspondence-days = a correspondence game gives 1, 3 or 7 days a move, not { $days }
refusal-correspondence-budget = a correspondence game's total budget is 15, 30 or 60 days, not { $budget }
refusal-budget-without-days = a total budget is for a correspondence game: give the days a move first (3d 30d)
refusal-correspondence-clock = a correspondence game has days a move and no clock: choose one or the other
refusal-correspondence-guest = a correspondence game lasts days: connect with an SSH key to play one (a guest's name lasts one visit)
refusal-own-correspondence-games = You already have { $games } correspondence games in progress: finish one first
refusal-their-correspondence-games = { $nick } already has { $games } correspondence games in progress
refusal-correspondence-claim = a correspondence game is not abandoned: your opponent has until the deadline to move
notice-your-move-now = { $opponent } moved: your move in correspondence game #{ $game } (Enter on it under Games in play)
notice-your-move-waiting = Your move in { $count ->
        [one] correspondence game { $games }
       *[other] { $count } correspondence games: { $games }
    } (listed under Your move; Enter on one plays it)
exec-my-turn-needs-key = games --my-turn lists your correspondence games: connect with the SSH key you play with
exec-my-turn-none = no correspondence game waits for your move
exec-my-turn-row = #{ $game } against { $opponent } ({ $color }, { $variant }, move { $number }): due { $due } UTC, { $left } left
exec-my-turn-setup-row = #{ $game } against { $opponent } ({ $color }, { $variant }, your set-up): due { $due } UTC, { $left } left
exec-my-turn-budget = { $row }; budget: { $budget_left }
## The set-up library (src/service/setups.rs, src/ssh/session.rs)
refusal-setup-name-taken = you already have a set-up of that name for this variant: choose another
refusal-setup-missing = that saved set-up is gone (deleted on another terminal?)
