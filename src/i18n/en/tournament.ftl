# Tournaments (en): a tournament's screen, the words the lists share, the admin screen.

## Tournament screen (src/ui/tournament.rs)

tournament-title = Tournament
tournament-gone = This tournament is no longer listed: Esc goes back to the lobby
tournament-terms-arena = Arena { $minutes } min
tournament-terms-swiss = Swiss { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
tournament-kind-arena = Arena { $minutes }m
tournament-kind-swiss = Swiss { $rounds }r
tournament-no-clock = no clock
tournament-rated = rated
tournament-casual = casual
tournament-entry-anyone = anyone
tournament-entry-keys = key holders
tournament-entry-invited = invited: { $nicks }
tournament-min-rated = { $games ->
        [one] 1+ rated game
       *[other] { $games }+ rated games
    }
tournament-note-cancelled = cancelled by an organiser
tournament-note-too-few = cancelled: fewer than two players at the start
tournament-note-end-time = finished at its end time
tournament-note-rounds = finished after { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
tournament-status-upcoming = upcoming
tournament-status-running = running
tournament-status-finished = finished
tournament-status-cancelled = cancelled
tournament-starts-at = starts { $date } UTC
tournament-starting = starting
tournament-starts-in = starts in { $time }
tournament-round-of = round { $round } of { $rounds }
tournament-round-short = round { $round }/{ $rounds }
tournament-ends-at = ends { $date } UTC
tournament-ending = ending
tournament-ends-in = ends in { $time }
tournament-days-hours = { $days }d { $hours }h
tournament-players = { $count ->
        [one] 1 player
       *[other] { $count } players
    }
tournament-you-in = you are in
tournament-you-paused = you paused
tournament-you-withdrew = you withdrew
tournament-by = by { $nick }
tournament-standings-title = Standings ({ $count })
tournament-head-player = player
tournament-head-rating = rtg
tournament-head-points = pts
tournament-head-games = games
tournament-head-perf = perf
tournament-head-buchholz = Bh
tournament-head-sonneborn = SB
tournament-tiebreaks = Bh: Buchholz, SB: Sonneborn-Berger
tournament-tiebreak-bh = Bh: Buchholz
tournament-nobody-yet = nobody has joined yet
tournament-no-players = no players
tournament-streak = { $fire } on a streak: points doubled
tournament-state-paused = paused
tournament-state-left = left
tournament-state-absent = absent
tournament-mark-win = W
tournament-mark-draw = D
tournament-mark-loss = L
tournament-mark-bye = B
tournament-games-title = Games in play ({ $count })
tournament-vs = vs
tournament-game-round = r{ $round }
tournament-none-before-start = none before the start
tournament-no-games = no games in play
tournament-chat-title = Chat
tournament-chat-idle = t to chat

## Tournament notices (src/ui/tournament.rs)

tournament-notice-game-ended = The game you chose has ended
tournament-notice-no-games = No games in play to watch
tournament-notice-player-gone = The player you chose has left the list
tournament-notice-nobody = Nobody has joined yet
tournament-notice-no-player = No player is selected
tournament-notice-in-already = You are in this tournament already
tournament-notice-swiss-started = A Swiss cannot be joined once it has started
tournament-notice-over = This tournament is over
tournament-notice-cancelled = This tournament was cancelled
tournament-notice-cannot-join = You cannot join this tournament
tournament-notice-not-joined = You have not joined this tournament (j joins)

## Tournament keys: footer and help (src/ui/tournament.rs)

tournament-help-title = Tournament keys
tournament-keys-page = PgUp/PgDn, Home/End
tournament-keys-next-list = next list
tournament-help-cycle = standings / games in play / chat
tournament-help-move = move in the list
tournament-help-page = a page up / down, first / last
tournament-keys-watch = watch
tournament-keys-profile = profile
tournament-keys-type = type
tournament-help-enter = watch the selected game, the selected player's profile, chat
tournament-keys-join = join
tournament-keys-come-back = come back
tournament-help-join = join (an arena: come back after a pause)
tournament-keys-pause = pause
tournament-keys-withdraw = withdraw
tournament-help-withdraw = withdraw (a running arena: pause, points kept)
tournament-keys-chat = chat
tournament-help-chat = type in the tournament's chat
tournament-help-profile = profile of the selected player
tournament-help-mouse = click selects, click again watches / opens the profile
tournament-help-settings = settings (numbering, ASCII, colours)
tournament-keys-lobby = lobby
tournament-help-back = back to the lobby
tournament-keys-help = help
tournament-keys-send = send
tournament-keys-cancel = cancel

## Admin screen (src/ui/admin.rs)

admin-title = Admin
admin-counts = { $sessions ->
        [one] 1 session
       *[other] { $sessions } sessions
    } online, { $bans ->
        [one] 1 ban
       *[other] { $bans } bans
    }, { $tournaments ->
        [one] 1 tournament
       *[other] { $tournaments } tournaments
    }
admin-loading = loading...
admin-sessions-title = Sessions online ({ $count })
admin-head-nick = nick
admin-head-id = id
admin-head-address = address
admin-head-where = where
admin-head-key = key
admin-nick-you = { $nick } (you)
admin-who-guest = guest
admin-who-key = key
admin-where-lobby = lobby
admin-where-seeking = lobby, seeking
admin-where-playing = playing #{ $id }
admin-where-watching = watching #{ $id }
admin-where-left = lobby, left #{ $id }
admin-nobody-online = nobody online
admin-bans-title = Bans ({ $count })
admin-head-what = what
admin-head-value = value
admin-head-reason = reason
admin-head-by = by
admin-head-when = when (UTC)
admin-ban-nick = nick
admin-ban-key = key
admin-ban-addr = addr
admin-no-bans = no bans
admin-tournaments-title = Tournaments ({ $count })
admin-head-name = name
admin-head-status = status
admin-head-format = format
admin-head-entrants = entrants
admin-ends-at = ends { $date }
admin-no-tournaments = no tournaments: N creates one

## Admin refusals (src/ui/admin.rs)

admin-tour-name = #{ $id } "{ $name }"
admin-tournament-gone = The tournament you chose is no longer listed: pick another
admin-no-tournament = No tournament is listed: N creates one (then { $then })
admin-then-start = S starts it
admin-then-cancel = X cancels it
admin-then-edit = E edits it
admin-select-session = Select a session in the list first, then { $then }
admin-then-kick = K kicks it
admin-then-ban = B bans it
admin-not-yourself = That is you: an admin cannot kick or ban themselves here
admin-no-ban = No ban selected: Tab to the bans list, pick one, then U
admin-cannot-start = Tournament { $name } is { $status ->
        [running] running
        [finished] finished
        [cancelled] cancelled
       *[upcoming] upcoming
    }: only an upcoming one can be started
admin-over-already = Tournament { $name } is { $status ->
        [cancelled] cancelled
       *[finished] finished
    } already
admin-edit-started = Tournament { $name } has started: it can no longer be edited
admin-edit-finished = Tournament { $name } is finished: it can no longer be edited
admin-edit-cancelled = Tournament { $name } was cancelled: it can no longer be edited

## Admin dialogs (src/ui/admin.rs)

admin-unban-title = Unban
admin-unban-question = Lift the ban on { $kind } { $value }?
admin-start-title = Start tournament
admin-start-question = Start #{ $id } "{ $name }" now?
admin-cancel-title = Cancel tournament
admin-cancel-question = Cancel #{ $id } "{ $name }" ({ $status ->
        [running] running
       *[upcoming] upcoming
    })?
admin-kick-title = Kick { $nick }
admin-kick-what = Disconnect every session of { $nick }.
admin-reason = reason:
admin-kick-note = (empty: they are told an admin disconnected them)
admin-ban-title = Ban { $nick }
admin-ban-by = ban by:
admin-ban-others = (Left/Right: { $others })
admin-ban-note = Stored at once; matching sessions are disconnected with the reason.
admin-broadcast-title = Broadcast
admin-broadcast-what = A notice to every session online:
admin-say = say:
admin-broadcast-empty = Type a message first

## Admin keys: footer, help and dialogs (src/ui/admin.rs)

admin-help-title = Admin keys
admin-keys-bans = bans
admin-keys-tournaments = tournaments
admin-keys-sessions = sessions
admin-help-tabs = the next / previous list
admin-keys-sides = Left / Right, h / l
admin-help-sides = the list before / after (sessions, bans, tournaments)
admin-keys-kick = kick
admin-help-kick = kick the selected session's nick (asks a reason)
admin-keys-ban = ban
admin-help-ban = ban its nick, key or address (asks a reason)
admin-keys-unban = unban
admin-keys-unban-label = U, Enter/Del on a ban
admin-help-unban = lift the selected ban (asks yes/no)
admin-keys-broadcast = broadcast
admin-help-broadcast = broadcast a notice to everyone online
admin-keys-start = start
admin-help-start = start the selected tournament now (asks yes/no)
admin-keys-cancel = cancel
admin-help-cancel = cancel the selected tournament (asks yes/no)
admin-keys-edit = edit
admin-help-edit = edit the selected tournament (only while upcoming)
admin-keys-new-tournament = new tournament
admin-keys-new = new
admin-help-new = a new tournament (a form)
admin-keys-refresh = refresh
admin-help-refresh = refresh now (it refreshes every second)
admin-help-mouse = click selects
admin-help-settings = settings
admin-keys-dismiss = cancel
admin-keys-what-to-ban = what to ban
admin-keys-yes = yes
admin-keys-no = no
admin-keys-field = field
admin-keys-change = change
admin-keys-create = create
admin-keys-save = save

## Admin's tournament form (src/ui/admin.rs)

admin-form-new = New tournament
admin-form-edit = Edit tournament #{ $id }
admin-form-name = Name
admin-form-format = Format
admin-form-rounds = Rounds
admin-form-minutes = Minutes
admin-form-variant = Variant
admin-form-clock = Clock
admin-form-rated = Rated
admin-form-start = Start
admin-form-entry = Who may join
admin-form-min-rated = Min rated games
admin-form-arena = Arena
admin-form-swiss = Swiss
admin-form-clock-value = { $minutes } min + { $increment } s a move
admin-form-casual = casual: no rating change
admin-start-as-set = as set: { $date } UTC
admin-start-now = now
admin-start-now-at = now ({ $date } UTC)
admin-start-in = in { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
admin-start-in-at = in { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    } ({ $date } UTC)
admin-explain-name = Shown in every lobby: 1 to { $max } characters.
admin-explain-format = Arena: a fixed time, whoever finishes a game is paired again at once. Swiss: a fixed number of rounds, paired by score.
admin-explain-rounds = How many rounds: 1 to 30.
admin-explain-minutes = How long the arena lasts: 1 to 720 minutes.
admin-explain-variant-edit = Its other rule options stay as they are: { $rules }.
admin-explain-variant = { $classic }: 40 pieces each; { $duel }: 10; { $barrage }: 8. The other rule options are the standard ones.
admin-explain-clock = Each player's time for a game, plus seconds added after each of their moves.
admin-explain-rated = Rated games change the players' ratings; casual ones do not.
admin-explain-start = When it starts, from now (S on the list starts an upcoming one at once).
admin-explain-entry = Anyone, or only players who log in with a key. An invitation list is set only from the command line (--entry NICK,NICK).
admin-explain-min-rated = Rated games in the event's variant a player needs to join (0: none).
admin-error-name = Give the tournament a name first
admin-error-rounds = A Swiss has 1 to 30 rounds
admin-error-minutes = An arena lasts 1 to 720 minutes
admin-error-min-rated = Min rated games: a number (0: anyone may join)
admin-error-time = The time is not known yet: try again in a moment
admin-form-other-options = Other rule options: ssh host admin tournament ... (see tournament help)
