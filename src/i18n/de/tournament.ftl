# Turniere (de): der Bildschirm eines Turniers, die Wörter der Listen, der Admin-Bildschirm.

## Tournament screen (src/ui/tournament.rs)

tournament-title = Turnier
tournament-gone = Dieses Turnier steht nicht mehr in der Liste: Esc führt zurück in die Lobby
tournament-terms-arena = Arena { $minutes } Min.
tournament-terms-swiss = Schweizer System, { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
tournament-kind-arena = Arena { $minutes } Min.
tournament-kind-swiss = Schweizer { $rounds } R.
tournament-no-clock = ohne Uhr
tournament-rated = gewertet
tournament-casual = ungewertet
tournament-entry-anyone = offen für alle
tournament-entry-keys = nur mit Schlüssel
tournament-entry-invited = eingeladen: { $nicks }
tournament-min-rated = { $games ->
        [one] ab 1 gewerteten Partie
       *[other] ab { $games } gewerteten Partien
    }
tournament-note-cancelled = von einem Veranstalter abgesagt
tournament-note-too-few = abgesagt: beim Start weniger als zwei Spieler
tournament-note-end-time = zur Endzeit beendet
tournament-note-rounds = beendet nach { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
tournament-status-upcoming = angekündigt
tournament-status-running = läuft
tournament-status-finished = beendet
tournament-status-cancelled = abgesagt
tournament-starts-at = beginnt { $date } UTC
tournament-starting = beginnt gleich
tournament-starts-in = beginnt in { $time }
tournament-round-of = Runde { $round } von { $rounds }
tournament-round-short = Runde { $round }/{ $rounds }
tournament-ends-at = endet { $date } UTC
tournament-ending = endet gleich
tournament-ends-in = endet in { $time }
tournament-days-hours = { $days } T. { $hours } Std.
tournament-players = { $count ->
        [one] 1 Spieler
       *[other] { $count } Spieler
    }
tournament-you-in = du spielst mit
tournament-you-paused = du pausierst
tournament-you-withdrew = du bist ausgestiegen
tournament-by = von { $nick }
tournament-standings-title = Tabelle ({ $count })
tournament-head-player = Spieler
tournament-head-rating = Wertung
tournament-head-points = Pkt.
tournament-head-games = Partien
tournament-head-perf = Leistung
tournament-head-buchholz = BH
tournament-head-sonneborn = SB
tournament-tiebreaks = BH: Buchholz, SB: Sonneborn-Berger
tournament-tiebreak-bh = BH: Buchholz
tournament-nobody-yet = noch niemand angemeldet
tournament-no-players = keine Spieler
tournament-streak = { $fire } in Serie: Punkte doppelt
tournament-state-paused = Pause
tournament-state-left = ausgestiegen
tournament-state-absent = abwesend
tournament-mark-win = S
tournament-mark-draw = R
tournament-mark-loss = N
tournament-mark-bye = F
tournament-games-title = Laufende Partien ({ $count })
tournament-vs = –
tournament-game-round = R{ $round }
tournament-none-before-start = keine vor dem Beginn
tournament-no-games = keine laufenden Partien
tournament-chat-title = Chat
tournament-chat-idle = t zum Chatten

## Tournament notices (src/ui/tournament.rs)

tournament-notice-game-ended = Die gewählte Partie ist zu Ende
tournament-notice-no-games = Keine laufenden Partien zum Zuschauen
tournament-notice-player-gone = Der gewählte Spieler steht nicht mehr in der Liste
tournament-notice-nobody = Noch hat sich niemand angemeldet
tournament-notice-no-player = Kein Spieler ausgewählt
tournament-notice-in-already = Du spielst in diesem Turnier schon mit
tournament-notice-swiss-started = Im Schweizer System kann man nach dem Beginn nicht mehr einsteigen
tournament-notice-over = Dieses Turnier ist vorbei
tournament-notice-cancelled = Dieses Turnier wurde abgesagt
tournament-notice-cannot-join = Du kannst diesem Turnier nicht beitreten
tournament-notice-not-joined = Du spielst in diesem Turnier nicht mit (j: mitspielen)

## Tournament keys: footer and help (src/ui/tournament.rs)

tournament-help-title = Tasten im Turnier
tournament-keys-page = Bild↑/Bild↓, Pos1/Ende
tournament-keys-next-list = nächste Liste
tournament-help-cycle = Tabelle / laufende Partien / Chat
tournament-help-move = in der Liste bewegen
tournament-help-page = eine Seite hoch / runter, Anfang / Ende
tournament-keys-watch = zuschauen
tournament-keys-profile = Profil
tournament-keys-type = schreiben
tournament-help-enter = der gewählten Partie zuschauen, Profil des gewählten Spielers, Chat
tournament-keys-join = mitspielen
tournament-keys-come-back = weiterspielen
tournament-help-join = mitspielen (Arena: nach einer Pause weiterspielen)
tournament-keys-pause = Pause
tournament-keys-withdraw = aussteigen
tournament-help-withdraw = aussteigen (laufende Arena: Pause, die Punkte bleiben)
tournament-keys-chat = Chat
tournament-help-chat = im Chat des Turniers schreiben
tournament-help-profile = Profil des gewählten Spielers
tournament-help-mouse = Klick wählt aus, zweiter Klick schaut zu / öffnet das Profil
tournament-help-settings = Einstellungen (Nummerierung, ASCII, Farben)
tournament-keys-lobby = Lobby
tournament-help-back = zurück in die Lobby
tournament-keys-help = Hilfe
tournament-keys-send = senden
tournament-keys-cancel = abbrechen

## Admin screen (src/ui/admin.rs)

admin-title = Admin
admin-counts = { $sessions ->
        [one] 1 Sitzung
       *[other] { $sessions } Sitzungen
    } online, { $bans ->
        [one] 1 Sperre
       *[other] { $bans } Sperren
    }, { $tournaments ->
        [one] 1 Turnier
       *[other] { $tournaments } Turniere
    }
admin-loading = wird geladen …
admin-sessions-title = Sitzungen online ({ $count })
admin-head-nick = Name
admin-head-id = Anmeldung
admin-head-address = Adresse
admin-head-where = wo
admin-head-key = Schlüssel
admin-nick-you = { $nick } (du)
admin-who-guest = Gast
admin-who-key = Schlüssel
admin-where-lobby = Lobby
admin-where-seeking = Lobby, sucht Partie
admin-where-playing = spielt #{ $id }
admin-where-watching = schaut #{ $id } zu
admin-where-left = Lobby, #{ $id } verlassen
admin-nobody-online = niemand online
admin-bans-title = Sperren ({ $count })
admin-head-what = was
admin-head-value = Wert
admin-head-reason = Grund
admin-head-by = von
admin-head-when = wann (UTC)
admin-ban-nick = Name
admin-ban-key = Schlüssel
admin-ban-addr = Adresse
admin-no-bans = keine Sperren
admin-tournaments-title = Turniere ({ $count })
admin-head-name = Name
admin-head-status = Status
admin-head-format = Modus
admin-head-entrants = Teilnehmer
admin-ends-at = endet { $date }
admin-no-tournaments = keine Turniere: N legt eins an

## Admin refusals (src/ui/admin.rs)

admin-tour-name = #{ $id } „{ $name }“
admin-tournament-gone = Das gewählte Turnier steht nicht mehr in der Liste: wähle ein anderes
admin-no-tournament = Es gibt kein Turnier: N legt eins an (dann { $then })
admin-then-start = S startet es
admin-then-cancel = X sagt es ab
admin-then-edit = E bearbeitet es
admin-select-session = Wähle zuerst eine Sitzung in der Liste, dann { $then }
admin-then-kick = K wirft sie hinaus
admin-then-ban = B sperrt sie
admin-not-yourself = Das bist du: hier kann sich kein Admin selbst hinauswerfen oder sperren
admin-no-ban = Keine Sperre gewählt: Tab zur Liste der Sperren, eine wählen, dann U
admin-cannot-start = Turnier { $name } { $status ->
        [running] läuft schon
        [finished] ist beendet
        [cancelled] wurde abgesagt
       *[upcoming] ist angekündigt
    }: nur ein angekündigtes kann gestartet werden
admin-over-already = Turnier { $name } { $status ->
        [cancelled] wurde schon abgesagt
       *[finished] ist schon beendet
    }
admin-edit-started = Turnier { $name } hat begonnen: es kann nicht mehr bearbeitet werden
admin-edit-finished = Turnier { $name } ist beendet: es kann nicht mehr bearbeitet werden
admin-edit-cancelled = Turnier { $name } wurde abgesagt: es kann nicht mehr bearbeitet werden

## Admin dialogs (src/ui/admin.rs)

admin-unban-title = Sperre aufheben
admin-unban-question = Die Sperre für { $kind } { $value } aufheben?
admin-start-title = Turnier starten
admin-start-question = #{ $id } „{ $name }“ jetzt starten?
admin-cancel-title = Turnier absagen
admin-cancel-question = #{ $id } „{ $name }“ ({ $status ->
        [running] läuft
       *[upcoming] angekündigt
    }) absagen?
admin-kick-title = { $nick } hinauswerfen
admin-kick-what = Trennt jede Sitzung von { $nick }.
admin-reason = Grund:
admin-kick-note = (leer: es wird nur gesagt, dass ein Admin getrennt hat)
admin-ban-title = { $nick } sperren
admin-ban-by = Sperre für:
admin-ban-others = (Links/Rechts: { $others })
admin-ban-note = Gilt sofort; passende Sitzungen werden mit dem Grund getrennt.
admin-broadcast-title = Rundnachricht
admin-broadcast-what = Eine Nachricht an jede Sitzung online:
admin-say = sagen:
admin-broadcast-empty = Schreib zuerst eine Nachricht

## Admin keys: footer, help and dialogs (src/ui/admin.rs)

admin-help-title = Tasten im Admin-Bildschirm
admin-keys-bans = Sperren
admin-keys-tournaments = Turniere
admin-keys-sessions = Sitzungen
admin-help-tabs = die nächste / vorige Liste
admin-keys-sides = Links / Rechts, h / l
admin-help-sides = die Liste davor / danach (Sitzungen, Sperren, Turniere)
admin-keys-kick = hinauswerfen
admin-help-kick = den Namen der gewählten Sitzung hinauswerfen (fragt nach dem Grund)
admin-keys-ban = sperren
admin-help-ban = ihren Namen, Schlüssel oder ihre Adresse sperren (fragt nach dem Grund)
admin-keys-unban = entsperren
admin-keys-unban-label = U, Enter/Entf auf einer Sperre
admin-help-unban = die gewählte Sperre aufheben (fragt ja/nein)
admin-keys-broadcast = Rundnachricht
admin-help-broadcast = eine Nachricht an alle senden, die online sind
admin-keys-start = starten
admin-help-start = das gewählte Turnier jetzt starten (fragt ja/nein)
admin-keys-cancel = absagen
admin-help-cancel = das gewählte Turnier absagen (fragt ja/nein)
admin-keys-edit = bearbeiten
admin-help-edit = das gewählte Turnier bearbeiten (nur vor dem Beginn)
admin-keys-new-tournament = neues Turnier
admin-keys-new = neu
admin-help-new = ein neues Turnier (ein Formular)
admin-keys-refresh = neu laden
admin-help-refresh = jetzt neu laden (sonst jede Sekunde)
admin-help-mouse = Klick wählt aus
admin-help-settings = Einstellungen
admin-keys-dismiss = abbrechen
admin-keys-what-to-ban = was sperren
admin-keys-yes = ja
admin-keys-no = nein
admin-keys-field = Feld
admin-keys-change = ändern
admin-keys-create = anlegen
admin-keys-save = speichern

## Admin's tournament form (src/ui/admin.rs)

admin-form-new = Neues Turnier
admin-form-edit = Turnier #{ $id } bearbeiten
admin-form-name = Name
admin-form-format = Modus
admin-form-rounds = Runden
admin-form-minutes = Minuten
admin-form-variant = Variante
admin-form-clock = Uhr
admin-form-rated = Wertung
admin-form-start = Beginn
admin-form-entry = Wer darf mitspielen
admin-form-min-rated = Min. gewertete Partien
admin-form-arena = Arena
admin-form-swiss = Schweizer System
admin-form-clock-value = { $minutes } Min. + { $increment } s pro Zug
admin-form-casual = ungewertet: keine Änderung der Wertung
admin-start-as-set = wie festgelegt: { $date } UTC
admin-start-now = jetzt
admin-start-now-at = jetzt ({ $date } UTC)
admin-start-in = in { $minutes ->
        [one] 1 Minute
       *[other] { $minutes } Minuten
    }
admin-start-in-at = in { $minutes ->
        [one] 1 Minute
       *[other] { $minutes } Minuten
    } ({ $date } UTC)
admin-explain-name = In jeder Lobby zu sehen: 1 bis { $max } Zeichen.
admin-explain-format = Arena: feste Dauer, wer eine Partie beendet, bekommt sofort die nächste. Schweizer System: feste Zahl von Runden, gepaart nach Punkten.
admin-explain-rounds = Wie viele Runden: 1 bis 30.
admin-explain-minutes = Wie lange die Arena dauert: 1 bis 720 Minuten.
admin-explain-variant-edit = Die übrigen Regeloptionen bleiben, wie sie sind: { $rules }.
admin-explain-variant = { $classic }: je 40 Figuren; { $duel }: 10; { $barrage }: 8. Die übrigen Regeloptionen sind die üblichen.
admin-explain-clock = Bedenkzeit jedes Spielers für eine Partie, plus Sekunden nach jedem seiner Züge.
admin-explain-rated = Gewertete Partien ändern die Wertung der Spieler, ungewertete nicht.
admin-explain-start = Wann es beginnt, ab jetzt (S in der Liste startet ein angekündigtes sofort).
admin-explain-entry = Alle, oder nur Spieler, die sich mit einem Schlüssel anmelden. Eine Einladungsliste gibt es nur über die Kommandozeile (--entry NICK,NICK).
admin-explain-min-rated = Gewertete Partien in der Variante des Turniers, die ein Spieler zum Mitspielen braucht (0: keine).
admin-error-name = Gib dem Turnier zuerst einen Namen
admin-error-rounds = Ein Turnier im Schweizer System hat 1 bis 30 Runden
admin-error-minutes = Eine Arena dauert 1 bis 720 Minuten
admin-error-min-rated = Min. gewertete Partien: eine Zahl (0: alle dürfen mitspielen)
admin-error-time = Die Uhrzeit ist noch nicht bekannt: versuch es gleich noch einmal
admin-form-other-options = Weitere Regeloptionen: ssh host admin tournament ... (siehe tournament help)
