// The lobby, on the table screen (with the table's link) and on the host's phone:
// the game, how many play, who plays each colour (a phone of the room, a person
// without one, a bot, or nobody), the players' names and the rules. A colour a
// phone has claimed is played by that phone, under the name its player typed.
"use strict";

// The board's place of a game's seat (a card game's Player 1 sits at the first colour).
function placeOf(game, seat) {
  return (game.places || {})[seat] || seat;
}

// The phone that has claimed a place, by its name, or null.
function claimOf(room, place) {
  const entry = ((room || {}).places || []).find((p) => p.place === place);
  // A phone that opened a seat's link with no name typed is called by its colour.
  return entry && entry.taken ? entry.by || t(place) : null;
}

// Build the lobby form in `box`. `data` holds the games offered, the last setup,
// the games waiting for another board and the room; `token` is the table's link or
// the host phone's secret; `board` the board's shape (its colours).
function lobbyForm(box, data, token, board) {
  const claimed = JSON.stringify(((data.room || {}).places || []).map((p) => [p.place, p.by]));
  const built = `${LANG} ${JSON.stringify(data.setup || null)} ${claimed}`;
  if (box.dataset.built === built) return;
  // A lobby being filled in is not rebuilt under the host's fingers for a new
  // claim: only the rows' claims are brought up to date.
  const update = box.dataset.built && box.dataset.setup === JSON.stringify(data.setup || null)
    && box.dataset.lang === LANG && box.querySelector("#seat-kinds");
  box.dataset.built = built;
  if (update) {
    box.claims(data.room);
    return;
  }
  box.dataset.setup = JSON.stringify(data.setup || null);
  box.dataset.lang = LANG;
  const setup = data.setup;
  let room = data.room;
  // A seat played in another home (home:2) is offered where the service has a broker.
  const kinds = ["", "human", "bot:beginner", "bot:family", "bot:strong", ...(data.homes || [])];
  const games = Object.fromEntries(data.games.map((g) => [g.name, g]));
  const game = el("select", { id: "game" }, ...data.games.map((g) => el("option", { value: g.name }, titleOf(g.name, g.title))));
  game.value = setup && games[setup.game] ? setup.game : data.games[0].name;
  const players = el("select", { id: "players" });
  const seatBox = el("div", { id: "seat-kinds" });
  const ruleBox = el("div", { id: "rules" });
  // The coach: how many hints each person may ask for in a game (none: no coach).
  const hints = el("select", { id: "hints" }, ...(data.hints || [0]).map((n) =>
    el("option", { value: n }, n ? String(n) : t("hintsNone"))));
  hints.value = String(setup && setup.hints ? setup.hints : 0);
  const error = el("p", { class: "error" });
  const confirm = el("div", { class: "confirm", id: "start-confirm", hidden: "" });
  const playing = () => [...seatBox.querySelectorAll("select")].filter((s) => s.value);
  const fromSetup = () => setup && setup.game === game.value && setup.colours;
  const colourOfSeat = (g, name) => board.seats[placeOf(g, name)] || "#999";
  // Each row says who plays it: the phone that claimed its place, or, for a person
  // with no phone yet, that their seat's code will be on the screen.
  function claims(now) {
    room = now;
    const g = games[game.value];
    for (const row of seatBox.querySelectorAll(".seat-row")) {
      const name = row.dataset.seat;
      const by = claimOf(room, placeOf(g, name));
      const input = row.querySelector("input");
      const select = row.querySelector("select");
      const note = row.querySelector(".claim");
      if (by) {
        input.value = by;
        input.disabled = true;
        // A colour a phone has just claimed is played by that phone's person.
        if (row.dataset.by !== by) select.value = "human";
      } else if (input.disabled) {
        input.disabled = false;
        input.value = "";
      }
      row.dataset.by = by || "";
      row.classList.toggle("claimed", Boolean(by));
      note.textContent = by ? t("phoneOf", { name: by })
        : select.value === "human" ? t("noPhoneYet") : "";
    }
    follow();
  }
  box.claims = claims;
  // A count of players: its usual seats are filled, the other colours left empty;
  // the last game's seats and names when it was this game.
  function seats() {
    const g = games[game.value];
    const usual = g.seats[players.value];
    seatBox.replaceChildren(...g.colours[players.value].map((name) => el("div", { class: "seat-row", "data-seat": name },
      el("span", { class: "dot", style: `background:${colourOfSeat(g, name)}` }),
      el("span", { class: "colour" }, t(g.seat_words[name] || name)),
      el("input", { "data-name": name, maxlength: 24, placeholder: t(g.seat_words[name] || name), "aria-label": t("playerName") }),
      el("select", { "data-seat": name, "aria-label": t("whoPlays"), on: { change: () => { claims(room); } } },
        ...kinds.map((k) => el("option", { value: k }, kindWord(k)))),
      el("span", { class: "claim" }))));
    seatBox.querySelectorAll("select").forEach((s) => {
      const i = usual.indexOf(s.dataset.seat);
      s.value = i < 0 ? "" : i === 0 ? "human" : "bot:family";
    });
    const before = fromSetup();
    if (before && before.length === Number(players.value)) {
      seatBox.querySelectorAll("select").forEach((s) => {
        const i = before.indexOf(s.dataset.seat);
        s.value = i < 0 ? "" : setup.kinds[i];
      });
    }
    if (setup && setup.game === game.value) {
      seatBox.querySelectorAll("input").forEach((input) => { input.value = setup.names[input.dataset.name] || ""; });
    }
    claims(room);
  }
  // A colour taken or left: the count of players follows, when the game allows it.
  function follow() {
    const n = String(playing().length);
    if (games[game.value].players.includes(Number(n))) players.value = n;
  }
  // How often each level beat the one below it, as the bench measured it: words a
  // family reads ("Family beat Beginner 7 times in 10"), not a table.
  const figures = el("p", { class: "hint", id: "bot-figures" });
  function chooseGame() {
    const g = games[game.value];
    figures.replaceChildren(...(g.levels || []).map((m) => el("span", { class: "level-figure" },
      t(m.matches ? "levelWonMatches" : "levelWon", { level: t(`bot.${m.level}`), below: t(`bot.${m.below}`),
                      n: Math.round(m.won * 10), games: m.games.toLocaleString() }) + " ")));
    const again = setup && setup.game === game.value;
    players.replaceChildren(...g.players.map((n) => el("option", { value: n }, String(n))));
    players.value = String(again && g.players.includes(setup.players) ? setup.players
      : g.players.includes(4) ? 4 : g.players[g.players.length - 1]);
    ruleBox.replaceChildren(...Object.entries(g.rules).map(([name, on]) => {
      const check = el("input", { type: "checkbox", "data-rule": name });
      check.checked = again && name in setup.rules ? setup.rules[name] : on;
      return el("label", { class: "rule" }, check, ` ${optionWord(g.name, name)}`);
    }), ...Object.entries(g.numbers || {}).map(([name, choice]) => {
      const pick = el("select", { "data-number": name },
        ...choice.values.map((n) => el("option", { value: n }, String(n))));
      pick.value = String(again && name in setup.rules ? setup.rules[name] : choice.default);
      return el("label", { class: "rule" }, `${optionWord(g.name, name)} `, pick);
    }));
    seats();
  }
  game.addEventListener("change", () => { confirm.hidden = true; chooseGame(); });
  players.addEventListener("change", () => { confirm.hidden = true; seats(); });
  chooseGame();
  async function begin() {
    const chosen = playing();
    const picked = Object.fromEntries([
      ...[...ruleBox.querySelectorAll("input")].map((b) => [b.dataset.rule, b.checked]),
      ...[...ruleBox.querySelectorAll("select")].map((s) => [s.dataset.number, Number(s.value)])]);
    if (!chosen.length || !games[game.value].players.includes(chosen.length)) {
      error.textContent = errorText("players");
      return;
    }
    const names = {};
    for (const s of chosen) {
      const typed = seatBox.querySelector(`input[data-name="${s.dataset.seat}"]`).value.trim();
      if (typed) names[s.dataset.seat] = typed;
    }
    try {
      await post("/api/admin/start", { token, game: game.value, players: chosen.length, rules: picked, names,
                                       seats: chosen.map((s) => s.value), colours: chosen.map((s) => s.dataset.seat),
                                       hints: Number(hints.value) });
      error.textContent = "";
      confirm.hidden = true;
    } catch (e) { error.textContent = e.message; }
  }
  // People without a phone yet: the host waits for their phones, or starts, and
  // they scan their seat's own code beside it (or play with the marbles alone).
  const start = el("button", { id: "start", class: "big", on: { click: () => {
    const g = games[game.value];
    if (!playing().length || !g.players.includes(playing().length)) {
      error.textContent = errorText("players");  // said before anything is asked
      return;
    }
    const waiting = playing().filter((s) => s.value === "human" && !claimOf(room, placeOf(g, s.dataset.seat)));
    if (!waiting.length) { begin(); return; }
    const who = waiting.map((s) => {
      const typed = seatBox.querySelector(`input[data-name="${s.dataset.seat}"]`).value.trim();
      return typed || t(g.seat_words[s.dataset.seat] || s.dataset.seat);
    });
    confirm.replaceChildren(
      el("p", {}, t("waitingPhones", { names: who.join(", ") })),
      el("button", { id: "start-anyway", on: { click: begin } },
         t(g.board_game === false ? "startSeatCodes" : "startWithout")),
      el("button", { id: "start-wait", on: { click: () => { confirm.hidden = true; } } }, t("waitPhones")));
    confirm.hidden = false;
  } } }, t("start"));
  // Games saved on another board wait for it: said, so nobody thinks them lost.
  const waitingGames = (data.waiting || []).map((w) => el("p", { class: "waiting" },
    w.layout ? t("waitingOther", { title: titleOf(w.game, w.title), n: w.n, layout: w.layout })
             : t("waitingPlaces", { title: titleOf(w.game, w.title), n: w.n })));
  box.replaceChildren(el("h2", {}, t("lobby")), ...waitingGames, el("label", {}, `${t("game")} `, game), " ",
                      el("label", {}, `${t("players")} `, players), el("h2", {}, t("colours")), seatBox,
                      el("p", { class: "hint", id: "bot-levels" }, t("botLevels")), figures,
                      el("h2", {}, t("rules")), ruleBox,
                      el("label", { class: "rule" }, `${t("hintsPerPerson")} `, hints), start, confirm, error);
}

// Who plays a seat, as the lobby's list says it.
function kindWord(kind) {
  if (kind === "") return t("nobody");
  if (kind === "human") return t("human");
  if (kind.startsWith("home:")) return t("anotherHome", { n: kind.slice(5) });
  return botWord(kind);
}

// A bot by its level ("bot:strong", or as a record keeps it, "bot:strong=search:0.5"),
// or by the configuration it was asked for ("bot:greedy").
function botWord(kind) {
  return t("botKind", { kind: t(`bot.${kind.slice(4).split("=")[0].split(":")[0]}`) });
}

// A rule option's words: each game names its rule choices (words.json).
function optionWord(game, name) {
  return t(`${game}.option.${name}`);
}
