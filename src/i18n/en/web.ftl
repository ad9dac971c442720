# web (en)

## Every page (src/web/pages.rs, src/web/lang.rs)

web-nav-home = Stratego over SSH
web-languages = Languages
web-not-found = Not found
web-bad-request = Bad request
web-server-error = Server error
web-server-error-text = The server could not read its data; try again later.
web-no-such-page = No such page.
web-no-such-game = There is no game #{ $id }.
web-bad-ply = '{ $text }' is not a ply: write a number from 0 (the start)
web-bad-view = view must be all, red or blue
web-past-the-end = No such page: there { $pages ->
    [one] is 1 page
   *[other] are { $pages } pages
}.
web-bad-page = '{ $text }' is not a page: write a number from 1
web-no-such-leaderboard = No such leaderboard: classic, duel or barrage.
web-no-such-player = No such player.
web-rated = rated
web-casual = casual
web-vs = vs
web-reload = reload
web-as-text = As text:
web-as-json = As JSON:
web-as-json-lower = as JSON:
web-none-yet = None yet.
web-no-clock = no clock

## Front page (src/web/pages.rs)

web-home-title = Stratego on { $host }
web-connect-heading = How to connect
web-connect-terminal = From a terminal:
web-connect-host-key = The first time, your SSH client shows the server's host key. Check that it is this one:
web-connect-guest = No key? You can still play as a guest (casual games).
web-now = Now
web-now-counts = { $players ->
    [one] { $players } player
   *[other] { $players } players
} online, { $games ->
    [one] { $games } game
   *[other] { $games } games
} in play.
web-watch-live = Watch the games in play
web-watch-live-note = (on the web, or over SSH from the lobby).
web-live-item = { $red } vs { $blue }, { $variant }, move { $ply }
web-leaderboards = Leaderboards
web-no-rated-games = No rated { $variant } games yet.

## Leaderboard (src/web/pages.rs)

web-leaderboard-title = { $variant } leaderboard
web-leaderboard-empty = No rated { $variant } games yet: players are listed after their first.
web-leaderboard-provisional = A rating marked ? is provisional (its deviation is above { $max }): it joins the leaderboard once it settles.
web-col-rank = rank
web-col-nick = nick
web-col-rating = rating
web-col-games = games
web-col-won = W
web-col-drawn = D
web-col-lost = L
web-page-of = page { $page } of { $pages }
web-previous = previous
web-next = next

## Player page and game lists (src/web/pages.rs, src/web/board.rs)

web-won = { $nick } ({ $color }) won: { $reason }
web-no-winner = no winner: { $reason }
web-unfinished = unfinished
web-col-game = game
web-col-variant = variant
web-col-result = result
web-col-moves = moves
web-no-rated-yet = No rated games yet.
web-wdl = { $games ->
        [one] 1 rated game
       *[other] { $games } rated games
    }: { $wins } won, { $draws } drawn, { $losses } lost
web-recent-games = Recent games
web-json-player = player
web-json-games = all finished games (ndjson)
web-plot-label = rating after each of { $count } rated games, from { $low } to { $high }
web-plot-point = game { $game }: { $rating }

## Game page, finished (src/web/pages.rs, src/web/board.rs, src/web/step.js)

web-game-page-title = Game #{ $id }: { $red } vs { $blue }
web-game-heading = Game #{ $id }
web-game-played = Played { $start } to { $end } UTC
web-game-rules = rules: { $rules }
web-game-in-tournament = Played in { $tournament }.
web-game-in-round = Played in { $tournament }, round { $round }.
web-result = Result:
web-view-all = everything revealed
web-view-as = as { $color } saw it
web-step-first = first
web-step-prev = prev
web-step-next = next
web-step-last = last
web-step-play = play
web-step-pause = pause
web-step-play-title = Play the game on by itself (Space); ← → Home End step
web-ply-of = ply { $ply } of { $plies }
web-last-move = Last move:
web-battle-before = Battle before it:
web-game-over = Game over:
web-to-move = { $color } to move
web-captured = Captured:
web-go-to-ply = Go to ply
web-go = go
web-moves = Moves
web-earlier-moves = earlier moves
web-later-moves = later moves
web-download = Download:
web-board = board
web-piece = { $color } { $rank }
web-piece-unknown = { $color } unknown
web-unknown-piece = unknown piece
web-battle-won = { $mover }'s { $attacker } attacked { $other }'s { $defender } and won
web-battle-lost = { $mover }'s { $attacker } attacked { $other }'s { $defender } and lost
web-battle-flag = { $mover }'s { $attacker } attacked { $other }'s { $defender } and captured the Flag
web-battle-bomb = { $mover }'s { $attacker } attacked { $other }'s { $defender } and defused it
web-battle-both = { $mover }'s { $attacker } attacked { $other }'s { $defender }: both were removed
web-moved = { $mover } moved
web-rescue = ; a { $rank } rescued to { $square }

## Games in play (src/web/live.rs)

web-live-page-title = Game #{ $id }: { $red } vs { $blue } (in play)
web-clock = clock { $clock }
web-clock-running = running
web-seat-present = present
web-seat-away = away (in the lobby)
web-seat-disconnected = disconnected
web-seat-ready = ready
web-seat-placing = placing pieces
web-setting-up = Setting up: the players place their pieces.
web-ply = ply { $ply }
web-draw-offer = { $color } offers a draw.
web-watching = { $count } watching
web-no-move-yet = No move yet.
web-earlier-not-shown = { $count } earlier moves not shown (in { $json }, 100 at a time).
web-the-json = the JSON
web-live-reload = The game is in play: { $reload } to see it as it is now (with JavaScript on, this page follows it by itself).
web-live-refused = This page cannot follow live: too many live pages are open from your address (or on the server). It checks for changes every 5 seconds instead.
web-ended-without-result = the game ended without a result
web-no-longer-in-play = the game is no longer in play
web-live-games = Games in play
web-no-live-games = No public game in play now.
web-col-watching = watching

## Tournaments (src/web/tournaments.rs)

web-tournaments = Tournaments
web-no-such-tournament = No such tournament.
web-no-such-tournament-id = There is no tournament #{ $id }.
web-none-running-or-announced = None running or announced.
web-recent-ones = Recent ones
web-all-tournaments = All tournaments
web-all-tournaments-lower = all tournaments
web-col-tournament = tournament
web-col-format = format
web-col-when = when
web-col-players = players
web-col-by = by
web-running = Running
web-upcoming = Upcoming
web-recently-finished = Recently finished
web-none-running = None running now.
web-none-announced = None announced.
web-to-join = To join, connect over SSH and open the tournament from the lobby.
web-format-arena = Arena { $minutes } min
web-format-swiss = Swiss { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
web-status-upcoming = upcoming
web-status-running = running
web-status-finished = finished
web-status-cancelled = cancelled
web-starts = starts { $time } UTC
web-round-of = round { $round } of { $rounds }
web-ends = ends { $time } UTC
web-entry-anyone = anyone
web-entry-key-holders = key holders
web-entry-invited = invited: { $nicks }
web-min-rated-games = { $count ->
        [one] 1+ rated game
       *[other] { $count }+ rated games
    }
web-mark-win = W
web-mark-draw = D
web-mark-loss = L
web-mark-bye = B
web-players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
web-standings = Standings
web-nobody-joined = Nobody has joined yet.
web-no-players = No players.
web-col-player = player
web-col-points = points
web-col-perf = perf
web-col-buchholz = buchholz
web-col-sb = SB
web-standing-paused = paused
web-standing-left = left
web-standing-absent = absent
web-standing-streak = on a streak (points doubled)
web-games-in-play-count = Games in play ({ $count })
web-none-before-start = None before the start.
web-no-games-in-play = No games in play.
web-round = round { $round }
web-result-bye = bye
web-result-in-play = in play
web-result-won = { $nick } won
web-result-draw = draw
web-result-void = void (no result)
web-games = Games
web-col-round = round
web-tournament-rules = Rules: { $rules }; created by { $by }; starts { $starts } UTC
web-tournament-ends = ; ends { $ends } UTC
web-tournament-updates = Updates as it happens with JavaScript; without, { $reload }.
web-finished-first = finished: { $nick } first
web-server-stopping = the server is stopping

## Signing a browser in (src/web/signin.rs)

web-login-title = Sign in as { $nick }
web-login-explain = This link, made with web-login over SSH, signs this browser in as { $nick }: your games, ratings and saved set-ups, as on your terminal. It works once. On a shared computer, sign out when you are done.
web-login-button = Sign in
web-login-gone-title = This link does not work any more
web-login-gone = A sign-in link works once, for five minutes. Make a new one with: { $command }
web-foreign-title = Refused
web-foreign = This request did not come from this site's own pages: nothing was done.
web-signed-in = Signed in as { $nick }.
web-sign-out = Sign out

# The browser board (/play, src/web/play.rs and play.js).
web-play-title = Play in the browser
web-play-intro = Play Stratego here, on a phone or a computer: as a guest, against the computer. No account and no terminal needed.
web-play-guest = Play as guest
web-play-guests-off = This server lets no guests in: connect over SSH with a key.
web-play-no-script = The board needs JavaScript. Without it, play over SSH.
web-play-connecting = Connecting…
web-play-reconnecting = The connection dropped. Reconnecting…
web-play-foreign = This request did not come from this site's pages.
web-play-too-many-guests = Too many new guests right now: try again in a minute.
web-play-board = Board
web-play-you-are = You play as { $nick }.
web-play-online = Players online: { $count }
web-play-seeks = Open seeks
web-play-no-seeks = No open seeks.
web-play-computer = Play the computer
web-play-level-random = Random moves
web-play-level-easy = Easy
web-play-level-hard = Hard
web-play-setup-hint = Tap two of your pieces to swap them. Ready when your army stands as you like.
web-play-random = Random set-up
web-play-ready = Ready
web-play-waiting = Waiting for the other side's set-up.
web-play-your-turn = Your turn
web-play-their-turn = { $nick } to move
web-play-resign = Resign
web-play-last-move = Last move: { $move }
web-play-moves = Moves
web-play-replay = Replay this game
web-play-lobby = Back to the lobby
web-play-sq-mine = { $square }, your { $rank }
web-play-sq-enemy = { $square }, enemy { $rank }
web-play-sq-unknown = { $square }, unknown piece
web-play-sq-unknown-moved = { $square }, unknown piece, moved
web-play-sq-empty = { $square }, empty
web-play-sq-lake = { $square }, lake
web-play-sq-target = { $label }, move here
web-play-sq-selected = { $label }, selected
web-play-closed = The connection closed. Reload the page to come back.
web-play-versus = { $red } (Red) against { $blue } (Blue)
web-play-refused-json = Not understood: the board sends JSON objects only.
web-play-refused-size = Too long: a message holds at most { $max } bytes.
web-play-refused-version = Not understood: this server speaks version { $version } of the board's messages. Reload the page.
web-play-refused-unknown = Unknown command: { $command }
web-play-refused-level = No such computer level.
web-play-refused-in-game = Finish your game first.
web-play-refused-no-game = You are not playing a game.
web-play-refused-not-setup = The set-up is over.
web-play-refused-swap = Swap two squares of your own set-up rows.
web-play-refused-incomplete = Your set-up is not complete.
web-play-refused-not-playing = The game is not in play.
web-play-refused-turn = It is not your turn.
web-play-refused-illegal = { $move } is not a legal move.
web-play-refused-square = { $square } is not a square.
web-play-front = (no terminal: as a guest, against the computer; on a phone too)
web-play-accept = Play
web-play-refused-seek = That seek is no longer open.
web-play-resign-sure = Tap again to resign
web-play-idle = Closed: nothing done for { $time } (the server's idle_timeout). Reload the page to come back.
web-play-new-seek = Post a seek
web-play-variant = Variant
web-play-clock = Clock
web-play-clock-none = No clock
web-play-rated = Rated
web-play-post = Post
web-play-withdraw = Withdraw
web-play-your-seek = Your seek: waiting for an opponent. You sit down as soon as someone accepts it.
web-play-refused-variant = No such variant: Classic, Duel or Barrage.
web-play-refused-clock = No such clock: none, 5+3, 10+5 or 15+10.
web-play-refused-withdraw = You have no such open seek.
web-play-refused-no-offer = There is no draw offer to answer.
web-play-refused-rematch-over = A rematch comes after the game.
web-play-refused-rematch-bot = A rematch is for a game against a person: play the computer again from the lobby.
web-play-offer-draw = Offer a draw
web-play-draw-offered = You offered a draw.
web-play-draw-to-me = { $nick } offers a draw.
web-play-accept-draw = Accept the draw
web-play-decline-draw = Decline
web-play-opponent-gone = { $nick } is gone: { $time } left to come back.
web-play-can-claim = { $nick } did not come back in time: you may claim the win.
web-play-claim = Claim the win
web-play-rematch = Rematch
web-play-rematch-asked = You asked for a rematch: waiting for { $nick }.
web-play-rematch-offered = { $nick } asks for a rematch.
web-play-opponent-left = { $nick } left the game.

## The board's lobby beyond seeks, chat, set-up tray and saved set-ups, rescue (src/web/play/social.rs)
web-play-refused-options = Unknown rule options: two-square 0, 2, 3 or 5; Duel rows 3 or 4; the others on or off.
web-play-refused-chat = Nothing to say.
web-play-refused-player = { $nick } is not online.
web-play-refused-self = You cannot challenge yourself.
web-play-refused-challenge = You have no such challenge.
web-play-refused-game = That game is not in play.
web-play-refused-tournament = No such tournament open.
web-play-refused-rank = No such rank.
web-play-refused-tray = No piece of that rank is left in the tray.
web-play-refused-setup-name = No saved set-up of that name for this variant.
web-play-players = Players online
web-play-challenge = Challenge
web-play-challenge-hint = A challenge uses the terms of the new seek below.
web-play-challenges = Challenges
web-play-challenge-from = { $nick } challenges you: { $terms }
web-play-challenge-to = You challenged { $nick }: { $terms }
web-play-decline = Decline
web-play-private = Private (only the two of you see the game; casual)
web-play-games-now = Games in play
web-play-no-games = No games in play.
web-play-game-line = { $red } against { $blue }: { $terms }, move { $moves }
web-play-watch = Watch
web-play-play-it = Play
web-play-watching = You are watching.
web-play-leave = Leave
web-play-tournaments = Tournaments
web-play-tournament-line = { $name }: { $terms }, { $count } entrants
web-play-join = Join
web-play-withdraw-tournament = Withdraw
web-play-joined = You are in.
web-play-chat = Chat
web-play-chat-game = Chat with your opponent
web-play-chat-stands = Chat (only spectators see it)
web-play-chat-say = Say
web-play-chat-send = Send
web-play-chat-empty = Nobody has said anything yet.
web-play-options = Rule options
web-play-two-square = Two-square rule
web-play-two-square-off = off
web-play-more-squares = More-squares rule
web-play-aggressor = Aggressor advantage
web-play-silent = Silent defense
web-play-rescue-rule = Rescue
web-play-duel-rows = Duel set-up rows
web-play-tray = Pieces to place
web-play-tray-hint = Tap a rank, then a square of your rows.
web-play-clear = Clear
web-play-saved = Saved set-ups
web-play-load = Load
web-play-save = Save as
web-play-setup-name = Name
web-play-rescue-ask = Rescue a piece?
web-play-rescue-one = { $rank } to { $square }
web-play-rescue-none = No rescue
web-play-more = …and { $count } more.
web-play-left = Pieces left
web-play-type-move = Type a move
web-play-type-move-go = Move
web-play-type-move-bad = Type two squares, as a4 a5: { $text }
web-play-link = Link to this game

# Passkey accounts (src/web/passkey.rs) and keys linked from the web.
web-passkey-expired = This took too long, or was done already: try again.
web-passkey-refused = Your passkey's answer did not pass the site's checks: nothing was done.
web-passkey-unknown = No account here has this passkey.
web-passkey-not-allowed = This account cannot sign in here now.
web-passkey-too-many = Too many new accounts or passkeys: try again later.
web-account-title = Your account
web-account-intro = Play rated games in the browser under a nick of your own, with no SSH key: a passkey (the lock of your phone or computer) signs you in.
web-account-nick = Nick
web-account-create = Create an account with a passkey
web-account-have-one = Already have an account?
web-account-sign-in = Sign in with a passkey
web-account-signed-in = Signed in as { $nick }.
web-account-passkeys = { $count ->
    [0] No passkey signs in to this account yet.
    [one] One passkey signs in to this account.
   *[other] { $count } passkeys sign in to this account.
}
web-account-add = Add a passkey
web-account-added = The passkey was added.
web-account-play = Play
web-account-working = Waiting for your passkey…
web-account-unsupported = This browser cannot use passkeys here (they need https, or localhost).
web-account-cancelled = No passkey was used.
web-account-key-how = To play from a terminal too: run web-login over SSH with your key and open its link in this browser.
web-play-account = Create an account with a passkey, or sign in with one
web-link-key-title = Add an SSH key to your account
web-link-key-explain = This link, made with web-login from an SSH key that has no nick yet ({ $key }), adds that key to the account of { $nick }: from then on the key plays as { $nick }.
web-link-key-button = Add the key
web-link-key-sign-in-first = Sign in first to the account the key should join (on the account page, with its passkey), then open this link again.
web-link-key-done = The key now plays as { $nick }.

## Notes on the opponent's unknown pieces (only the player sees them)
web-play-sq-noted = { $label }, your note: { $guess }
web-play-note-menu = Note on { $square } (only you see it)
web-play-note-not-bomb = Not a Bomb
web-play-note-moved = Moved
web-play-note-clear = Clear the note
web-play-note-cancel = Cancel
web-play-note-hint = Tap an unknown enemy piece (or hold it) to note what you think it is.

## The analysis after a game on its page (src/web/pages.rs, board.rs)
web-analysis = Analysis after the game
web-analysis-about = The hard computer's review of every move: the move it prefers, and the value before and after the move played, from the mover's side (a Scout is 10, a Marshal 120). ? a mistake (loses { $mistake } or more), ?? a blunder ({ $blunder } or more). Each move is judged as its mover knew it, and with hindsight (every piece known).
web-analysis-legend = Solid line: as each mover knew it; dashed: with hindsight; dots: mistakes (each a link to its position). Above the middle line Red is better.
web-analysis-chart-label = The evaluation over { $plies } moves, from Red's side; { $seen } mistakes as the movers knew it, { $hindsight } with hindsight.
web-analysis-red-better = Red better
web-analysis-blue-better = Blue better
web-analysis-point = move { $ply } ({ $color }) { $mark }
web-analysis-this = Move { $ply } ({ $color }):
web-analysis-seen = as known
web-analysis-hindsight = with hindsight
web-analysis-judged = best { $best }, { $before } → { $after }{ $mark }
web-analysis-only = only move
web-analysis-ply = { $ply }. { $color } { $played }
web-analysis-none = No mistakes found.
web-analysis-waiting = Being prepared: queued ({ $ahead ->
        [one] 1 game
       *[other] { $ahead } games
    } before it). Reload in a minute.
web-analysis-running = Being made now: reload in a minute.
web-analysis-full = The analysis queue is full: look again later.

## The owner's profile: correspondence games waiting (src/web/pages.rs)

web-your-move = Your move
web-your-move-none = No correspondence game waits for your move.
web-your-move-row = #{ $game } against { $opponent }: due { $due } UTC ({ $left } left)
web-your-setup-row = #{ $game } against { $opponent }: your set-up, due { $due } UTC ({ $left } left)
web-your-move-how = Play them over SSH: they are listed in the lobby (and by ssh host games --my-turn); Enter on one, or watch N in lines.
## The set-up library and explorer (src/web/setups.rs)
web-setups-title = Your saved set-ups
web-setups-sign-in = Your saved set-ups are shown to you alone: sign in first (ssh host web-login, or a passkey on the account page).
web-setups-who = Signed in as { $nick }.
web-setups-none = You have no saved { $variant } set-ups. Save one while setting up a game.
web-setups-read = Counted from your { $games } finished games of this variant: a game counts when your army was exactly this set-up, with either colour.
web-setups-my-explorer = The set-up explorer of your games
web-setups-server-explorer = The set-up explorer of the server's games
web-setups-manage = Rename, copy, delete and edit them here, or on the SSH screens (S in the lobby).
web-setups-rename-label = New name
web-setups-rename = Rename
web-setups-copy = Copy
web-setups-edit = Edit on a board
web-setups-delete = Delete…
web-setups-delete-title = Delete '{ $name }'?
web-setups-delete-ask = Delete your { $variant } set-up '{ $name }'? It cannot be undone; the games played with it stay in your history.
web-setups-delete-yes = Delete it
web-setups-keep = Keep it
web-setups-done-renamed = Renamed: '{ $name }'.
web-setups-done-copied = Copied as '{ $name }'.
web-setups-done-deleted = Deleted '{ $name }'.
web-setups-done-saved = Saved '{ $name }'.
web-setups-name-escapes = A set-up name cannot hold control characters or escape sequences: nothing was changed.
web-setups-name-long = A set-up name has at most { $max } characters: nothing was changed.
web-setups-edit-title = Editing '{ $name }'
web-setups-edit-how = Click a piece, then the square to swap it with (an empty square: the piece moves there). Nothing is saved until you press Save.
web-setups-edit-picked = { $square } chosen: click the square to swap it with, or { $square } again to let it go.
web-setups-save = Save
web-setups-start-again = Start again from the saved set-up
web-setups-back = Back to your set-ups
web-setups-bad-draft = This set-up cannot be saved: { $why }. Nothing was changed.
web-explorer-title = Set-up explorer: { $variant }
web-explorer-title-mine = Your set-up explorer: { $variant }
web-explorer-armies = { $armies ->
        [one] 1 army counted. Squares as Red's: row 1 is the back row.
       *[other] { $armies } armies counted. Squares as Red's: row 1 is the back row.
    }
web-explorer-server-note = From the public games both players finished (not aborted, not abandoned); never a game in play, never a name.
web-explorer-common = Set-ups played more than once
web-explorer-common-none = No set-up was played twice.
web-explorer-col-score = score
web-explorer-col-setup = set-up (from the back row, files A to J)
web-explorer-in-lines = in the line mode.
