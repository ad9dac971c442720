# Lobby (de): the lobby's screen, keys and notices.

## Lobby (src/ui/lobby.rs)

lobby-you-are = du bist { $nick }
lobby-guest = { $nick } (Gast)
lobby-counts = { $players } online, { $seeks ->
        [one] 1 Angebot
       *[other] { $seeks } Angebote
    }, { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    }
lobby-return = { $key }: zurück zu deiner Partie #{ $id }
lobby-players-title = Spieler ({ $count })
lobby-nobody = noch niemand sonst hier
lobby-head-nick = Name
lobby-head-rating = Wertung
lobby-head-status = Status
lobby-rating-bot = Bot
lobby-rating-guest = Gast
lobby-you = (du)
lobby-status-idle-long = in der Lobby
lobby-status-idle = Lobby
lobby-status-left-long = verließ Partie #{ $id }
lobby-status-left = weg #{ $id }
lobby-status-seeking = sucht
lobby-status-playing = spielt
lobby-status-watching = sieht zu
lobby-seeks-title = Offene Angebote ({ $count })
lobby-no-seeks = noch keine offenen Angebote:
lobby-post-seek = ein Angebot machen
lobby-games-title = Laufende Partien ({ $count })
lobby-no-games = keine laufenden Partien
lobby-tournaments-title = Turniere ({ $count })
lobby-chat-title = Chat
lobby-chat-empty = t zum Chatten
lobby-say = sagen:

## Lobby lists: seeks, games, tournaments (src/ui/lobby.rs)

lobby-head-player = Spieler
lobby-head-variant = Variante
lobby-head-clock = Uhr
lobby-head-rated = Wertung
lobby-head-rules = Regeln
lobby-seek-rated = gewertet
lobby-seek-casual = ungewertet
lobby-seek-private = privat
lobby-seek-no-clock = ohne
lobby-seek-to-you-long = fordert dich heraus!
lobby-seek-to-you = an dich!
lobby-rules-two-square = 2F:{ $n }
lobby-rules-two-square-off = 2F:aus
lobby-rules-chase = Verfolgung
lobby-rules-aggressor = AV
lobby-rules-silent = SV
lobby-rules-rescue = Rettung
lobby-rules-immobility = blockiert:sofort
lobby-computer-row = gegen den Computer ({ $terms })
lobby-computer-row-short = gegen den Computer
lobby-head-red-blue = Rot gegen Blau
lobby-vs = gegen
lobby-head-move = Zug
lobby-head-watching = Zuschauer
lobby-private = (privat)
lobby-tour-players = { $count ->
        [one] Spieler
       *[other] Spieler
    }
lobby-terms-arena = Arena { $minutes } Min.
lobby-terms-swiss = Schweizer System, { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
lobby-terms-anyone = offen für alle
lobby-terms-key-holders = nur mit Schlüssel
lobby-terms-invited = eingeladen: { $nicks }
lobby-terms-min-rated = { $count ->
        [one] ab 1 gewerteten Partie
       *[other] ab { $count } gewerteten Partien
    }

## Lobby keys: footer and help (src/ui/lobby.rs)

lobby-help-title = Tasten der Lobby
lobby-keys-next-list = weiter
lobby-keys-accept = annehmen
lobby-keys-play-computer = gegen Computer
lobby-keys-watch = zuschauen
lobby-keys-back-to-game = zurück zur Partie
lobby-keys-challenge = herausfordern
lobby-keys-open-tournament = Turnier öffnen
lobby-keys-type = schreiben
lobby-keys-return = zurück zu deiner Partie
lobby-keys-new-seek = anbieten
lobby-keys-computer-terms = Computer-Optionen
lobby-keys-decline = ablehnen
lobby-keys-cancel-mine = zurückziehen
lobby-keys-chat = Chat
lobby-keys-tournaments = Turniere
lobby-keys-leaders = Rangliste
lobby-keys-games = Partien
lobby-keys-profile = Profil
lobby-keys-settings = Einstellungen
lobby-keys-quit = beenden
lobby-keys-admin = Admin
lobby-keys-help = Hilfe
lobby-keys-send = senden
lobby-keys-cancel = abbrechen
lobby-help-cycle = nächste / vorige Liste
lobby-help-side = Spielerliste / Angebote
lobby-help-move = in der Liste bewegen
lobby-help-page = eine Seite hoch / runter, erste / letzte
lobby-help-enter = erste Zeile der Angebote: gegen den Computer; ein Angebot: annehmen; Partie zuschauen (oder zurück zu deiner), Spieler herausfordern, chatten
lobby-help-new-seek = neues Angebot (Variante, Regeln, Uhr, privat)
lobby-help-challenge = den gewählten Spieler herausfordern
lobby-help-bot = gegen den Computer: Stufe, Variante und Uhr wählen, dann spielen
lobby-help-decline = eine Herausforderung an dich ablehnen (die gewählte)
lobby-help-cancel = dein Angebot zurückziehen
lobby-help-chat = im Chat schreiben
lobby-help-tournaments = die Turnierliste (Enter öffnet eines)
lobby-help-leaders = Ranglisten
lobby-help-games = beendete Partien: meine, neueste, nachspielen
lobby-help-profile = Profil des gewählten Spielers (oder meins)
lobby-help-settings = Einstellungen (Nummern, ASCII, Farben, Sprache)
lobby-help-mouse-key = Maus
lobby-help-mouse = Klick wählt, zweiter Klick nimmt an / schaut zu
lobby-help-admin = Admin-Seite: Sitzungen, Sperren, rauswerfen, sperren, Rundruf

## Lobby notices (src/ui/lobby.rs)

lobby-notice-no-tournaments = Zurzeit sind keine Turniere angekündigt: Sobald eines angekündigt ist, steht es hier
lobby-notice-select-player = Wähle einen Spieler in der Liste und drücke c, um ihn herauszufordern
lobby-notice-not-yourself = Du kannst dich nicht selbst herausfordern
lobby-notice-no-seek-to-cancel = Du hast kein offenes Angebot zum Zurückziehen
lobby-notice-no-challenge = Keine Herausforderung an dich zum Ablehnen (sie sind bei den Angeboten mit ! markiert)
lobby-notice-own-seek = Das ist dein eigenes Angebot: x zieht es zurück
lobby-notice-seek-gone = Das gewählte Angebot ist weg: angenommen oder zurückgezogen
lobby-notice-private-game = Diese Partie ist privat: keine Zuschauer
lobby-notice-game-ended = Die gewählte Partie ist zu Ende
lobby-notice-no-games = Gerade läuft keine Partie zum Zuschauen
lobby-notice-no-game-selected = Keine Partie gewählt: mit Hoch/Runter eine wählen, dann Enter
lobby-notice-tournament-gone = Das gewählte Turnier steht nicht mehr in der Liste
lobby-notice-no-tournament-selected = Kein Turnier gewählt: mit Hoch/Runter eines wählen, dann Enter
lobby-notice-not-admin = Die Admin-Seite ist nur für die Admins des Servers

lobby-seek-days = { $days } T
lobby-seek-days-budget = { $days } T/{ $budget } T
lobby-your-move = Du bist am Zug
lobby-your-move-mark = am Zug: { $left }
lobby-your-setup-mark = Aufstellung: { $left }

## The set-up library key (src/ui/lobby.rs)
lobby-keys-setups = Armeen
lobby-help-setups = deine gespeicherten Aufstellungen und wie sie abschnitten; der Aufstellungs-Explorer
