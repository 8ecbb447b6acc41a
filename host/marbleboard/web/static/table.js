// The table screen: the board live, the seats, the log; with the table's own
// link (?t=...) it runs the evening: the lobby (names, who plays each colour, the
// rules), take back, abandon, rematch, the seats' links, and the marbles of a
// simulated board moved by clicks or drags.
"use strict";

const token = params.get("t");
let board, root, last = null;
let offline = false;
let abandonAsked = false;

function words() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  if (offline) banner(t("offline"));
  if (last) show(last);
}

// A player's name: given at the table, or a colour's own word (a key, translated).
function nameOf(payload, seat) {
  const name = (payload.names || {})[seat] || seat;
  return t(name);
}

// A rule option's words: the game's own, or the older shared ones.
function optionWord(game, name) {
  return t(`${game}.option.${name}`);  // each game names its rule choices (words.json)
}

// The lobby offers the games this board plays (the payload lists them), each
// with its player counts, its usual seats, the colours players may choose, and the
// rule choices it leaves open. Each colour is played by a person, a bot, or nobody,
// and has a player's name. After a game the lobby starts from that game's setup.
function lobby(payload) {
  const box = document.getElementById("lobby");
  box.hidden = !token || payload.state !== "lobby" || !payload.games;
  const built = `${LANG} ${JSON.stringify(payload.setup || null)}`;
  if (box.hidden || box.dataset.built === built) return;
  box.dataset.built = built;
  const setup = payload.setup;
  const kinds = ["", "human", "bot:greedy", "bot:search", "bot:random"];
  const games = Object.fromEntries(payload.games.map((g) => [g.name, g]));
  const game = el("select", { id: "game" }, ...payload.games.map((g) => el("option", { value: g.name }, titleOf(g.name, g.title))));
  game.value = setup && games[setup.game] ? setup.game : payload.games[0].name;
  const players = el("select", { id: "players" });
  const seatBox = el("div", { id: "seat-kinds" });
  const ruleBox = el("div", { id: "rules" });
  const playing = () => [...seatBox.querySelectorAll("select")].filter((s) => s.value);
  const fromSetup = () => setup && setup.game === game.value && setup.colours;
  // A count of players: its usual seats are filled, the other colours left empty;
  // the last game's seats and names when it was this game.
  function seats() {
    const g = games[game.value];
    const usual = g.seats[players.value];
    seatBox.replaceChildren(...g.colours[players.value].map((name) => el("div", { class: "seat-row" },
      el("span", { class: "dot", style: `background:${board.seats[name]}` }),
      el("span", { class: "colour" }, t(g.seat_words[name] || name)),
      el("input", { "data-name": name, maxlength: 24, placeholder: t(g.seat_words[name] || name), "aria-label": t("playerName") }),
      el("select", { "data-seat": name, "aria-label": t("whoPlays"), on: { change: follow } },
        ...kinds.map((k) => el("option", { value: k }, k === "" ? t("nobody") : k === "human" ? t("human") : botWord(k)))))));
    seatBox.querySelectorAll("select").forEach((s) => {
      const i = usual.indexOf(s.dataset.seat);
      s.value = i < 0 ? "" : i === 0 ? "human" : "bot:greedy";
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
  }
  // A colour taken or left: the count of players follows, when the game allows it.
  function follow() {
    const n = String(playing().length);
    if (games[game.value].players.includes(Number(n))) players.value = n;
  }
  function chooseGame() {
    const g = games[game.value];
    const again = setup && setup.game === game.value;
    players.replaceChildren(...g.players.map((n) => el("option", { value: n }, String(n))));
    players.value = String(again && g.players.includes(setup.players) ? setup.players
      : g.players.includes(4) ? 4 : g.players[g.players.length - 1]);
    ruleBox.replaceChildren(...Object.entries(g.rules).map(([name, on]) => {
      const check = el("input", { type: "checkbox", "data-rule": name });
      check.checked = again && name in setup.rules ? setup.rules[name] : on;
      return el("label", {}, check, ` ${optionWord(g.name, name)}`, el("br"));
    }));
    seats();
  }
  game.addEventListener("change", chooseGame);
  players.addEventListener("change", seats);
  chooseGame();
  const error = el("p", { class: "error" });
  const start = el("button", { id: "start", on: { click: async () => {
    const chosen = playing();
    const picked = Object.fromEntries([...ruleBox.querySelectorAll("input")].map((b) => [b.dataset.rule, b.checked]));
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
                                       seats: chosen.map((s) => s.value), colours: chosen.map((s) => s.dataset.seat) });
      error.textContent = "";
    } catch (e) { error.textContent = e.message; }
  } } }, t("start"));
  // Games saved on another board wait for it: said, so nobody thinks them lost.
  const waiting = (payload.waiting || []).map((w) => el("p", { class: "waiting" },
    w.layout ? t("waitingOther", { title: titleOf(w.game, w.title), n: w.n, layout: w.layout })
             : t("waitingPlaces", { title: titleOf(w.game, w.title), n: w.n })));
  box.replaceChildren(el("h2", {}, t("lobby")), ...waiting, el("label", {}, `${t("game")} `, game), el("br"),
                      el("label", {}, `${t("players")} `, players), el("h2", {}, t("colours")), seatBox,
                      el("h2", {}, t("rules")), ruleBox, start, error);
}

function botWord(kind) {
  return t("botKind", { kind: t(`bot.${kind.slice(4)}`) });
}

// An admin request from a button: its refusal is said beside the buttons.
async function act(path, body = {}) {
  const error = document.getElementById("control-error");
  try {
    const answer = await post(path, { token, ...body });
    if (error) error.textContent = "";
    return answer;
  } catch (e) {
    if (error) error.textContent = e.message;
    return null;
  }
}

// While a game is played: take back (with how to put the marbles back) and abandon.
function controls(payload) {
  const box = document.getElementById("controls");
  box.hidden = !token || payload.state !== "playing";
  if (box.hidden) { abandonAsked = false; return; }
  const takeback = el("button", { id: "takeback", on: { click: async () => {
    const answer = await act("/api/admin/takeback");
    if (answer && !answer.ok) document.getElementById("control-error").textContent = t("noTakeback");
  } } }, t("takeback"));
  takeback.disabled = !payload.takeback;
  const abandon = abandonAsked
    ? el("button", { id: "abandon-yes", on: { click: () => { abandonAsked = false; act("/api/admin/lobby"); } } }, t("abandonSure"))
    : el("button", { id: "abandon", on: { click: () => { abandonAsked = true; show(last); } } }, t("abandon"));
  const parts = [el("h2", {}, t("tableControls")), takeback, abandon];
  if (abandonAsked) parts.push(el("button", { id: "abandon-no", on: { click: () => { abandonAsked = false; show(last); } } }, t("keepPlaying")));
  const guide = payload.put_back;
  if (guide) {
    const lines = [el("strong", {}, t("putBack"))];
    if (guide.lift.length) lines.push(el("div", {}, t("liftFrom", { holes: guide.lift.map(say).join(", ") })));
    if (guide.place.length) lines.push(el("div", {}, t("placeIn", { holes: guide.place.map(say).join(", ") })));
    parts.push(el("div", { class: "guide", id: "put-back" }, ...lines));
  }
  const old = document.getElementById("control-error");
  parts.push(el("p", { class: "error", id: "control-error" }, old ? old.textContent : ""));
  box.replaceChildren(...parts);
}

// The game over: who won, what was played, a rematch, and the shuffle check.
function over(payload) {
  const box = document.getElementById("over");
  box.hidden = payload.state !== "over";
  // Built once per finished game and language: the check hashes every deck.
  const built = box.hidden ? "" : `${LANG} ${JSON.stringify([payload.record, payload.names])}`;
  if (box.dataset.built === built) return;
  box.dataset.built = built;
  const old = document.getElementById("download");
  if (old) URL.revokeObjectURL(old.href);
  if (box.hidden) return;
  const parts = [
    el("h2", {}, t("gameOver")),
    // Who won, by name, or a draw: the service says it as the log does.
    el("p", { class: payload.winners.length ? "winner" : "winner draw", id: "winner" }, say(payload.result)),
    // Where the game counts points, every seat ranked by them.
    ...((payload.standings || []).length ? [el("ol", { class: "standings", id: "standings" },
      ...payload.standings.map((s) => el("li", {}, `${t(s.name)}: ${s.score}`)))] : []),
    el("p", { class: "summary", id: "summary" }, t("summary", { moves: payload.moves, title: titleOf(payload.game, payload.title),
      players: (payload.seats || []).map((s) => nameOf(payload, s.seat)).join(", ") })),
  ];
  if (token) {
    parts.push(el("button", { id: "rematch", on: { click: () => act("/api/admin/rematch") } }, t("rematch")),
               el("button", { id: "new-game", on: { click: () => act("/api/admin/lobby") } }, t("newGame")),
               el("p", { class: "error", id: "control-error" }));
  }
  const check = el("div", { id: "shuffle-check" });
  const chancy = ((payload.record || {}).chances || []).length > 0;
  parts.push(el("h2", {}, t(chancy ? "shuffleCheck" : "gameRecord")), check);
  box.replaceChildren(...parts);
  shuffleCheck(payload.record, check);
}

// Each deck and roll revealed, hashed here again as it was committed to
// (sha256 of "salt:outcome", games/fairness.py), before anyone saw it.
async function shuffleCheck(record, target) {
  if (!record) return;
  const chances = record.chances || [];
  const results = await Promise.all(chances.map(async (c) =>
    typeof c.salt === "string" && typeof c.outcome === "string" && await sha256Hex(`${c.salt}:${c.outcome}`) === c.commitment));
  const good = results.filter(Boolean).length;
  const all = good === chances.length;
  const items = chances.map((c, i) => el("li", {},
    el("span", { class: results[i] ? "ok" : "bad" }, results[i] ? "✓ " : "✗ "),
    `${chanceWord(record.game, c.kind)} ${i + 1}: ${c.commitment.slice(0, 16)}… — ${c.outcome}`));
  const file = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const link = el("a", { id: "download", download: `marbleboard-${record.game}.json`, href: URL.createObjectURL(file) },
                  t("downloadRecord"));
  // A game without chance has nothing to check but its moves, which verify replays.
  const verdict = !chances.length ? t("noChance")
    : all ? t("checkOk", { n: chances.length }) : t("checkBad", { bad: chances.length - good, n: chances.length });
  target.replaceChildren(
    el("p", { class: `verdict ${all ? "ok" : "bad"}`, id: "verdict" }, verdict),
    el("p", {}, link, " ", el("span", { class: "check-how" }, t("verifyHow"))),
    el("ul", { class: "check" }, ...items));
}

// A chance kind in words: the game's own (<game>.chance.<kind>: Stomple's layout),
// else the shared ones for a deck and a roll.
function chanceWord(game, kind) {
  const own = `${game}.chance.${kind}`;
  return WORDS.en[own] ? t(own) : t(`chance.${kind}`);
}

async function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto && crypto.subtle) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  return sha256Plain(bytes);
}

// SHA-256 for pages served over plain http on the home network, where browsers
// give no WebCrypto (it needs a secure context).
function sha256Plain(bytes) {
  const K = [];
  const H = [];
  const frac = (x) => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
  for (let n = 2, found = 0; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
    if (!prime) continue;
    if (found < 8) H.push(frac(Math.sqrt(n)));
    K.push(frac(Math.cbrt(n)));
    found++;
  }
  const length = bytes.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 2 ** 29));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, h].forEach((x, i) => { H[i] = (H[i] + x) >>> 0; });
  }
  return H.map((x) => x.toString(16).padStart(8, "0")).join("");
}

// What a game says of each seat (cards held, marbles home, progress), as words.
function seatFacts(s, game) {
  return Object.entries(s).filter(([k]) => !["seat", "kind", "phones", "forfeited"].includes(k))
    .map(([k, v]) => el("td", {}, !shownFact([k, v]) ? "" : isCards(v) ? el("span", { class: "cards", "aria-label": t(k) }, ...cardChips(game, v))
      : WORDS.en["fact." + k] || WORDS.en[`${game}.fact.${k}`] ? fact(k, v, game)
      : k === "home" ? `${v}/4 ${t("home")}` : `${v} ${t(k)}`));
}

function seatRow(payload, s) {
  const who = s.kind === "human" ? `${t("human")} (${t("phones")}: ${s.phones})` : botWord(s.kind);
  const cells = [
    el("td", {}, el("span", { class: "dot", style: `background:${board.seats[s.seat]}` }), ` ${nameOf(payload, s.seat)}`),
    el("td", {}, who), ...seatFacts(s, payload.game)];
  if (token && payload.links && payload.links[s.seat] && payload.state === "playing") {
    cells.push(el("td", {}, el("button", { "data-relink": s.seat, title: t("newLinkHelp"),
      on: { click: () => act("/api/admin/link", { seat: s.seat }) } }, t("newLink"))));
  }
  return el("tr", {}, ...cells);
}

function show(payload) {
  last = payload;
  lobby(payload);
  controls(payload);
  over(payload);
  board.palette = payload.palette || {};
  board.seatWords = payload.seat_words || {};
  paint(root, board, payload.holes || {});
  const status = document.getElementById("status");
  if (payload.state === "over") status.textContent = t("over", payload.result);
  else if (payload.turn) status.textContent = t("turn", nameOf(payload, payload.turn));
  else status.textContent = payload.state === "lobby" ? t("waiting") : "";
  if (payload.mistakes) status.textContent += " — " + t("mistakes");
  // Cards everyone sees (the centre) in a panel of their own, large; the rest of
  // what the game says in the header.
  const facts = Object.entries(payload.public || {});
  const shownBig = ([, v]) => isCards(v) || isRecords(v);
  const cardFacts = facts.filter(shownBig);
  const box = document.getElementById("cards-box");
  box.hidden = !cardFacts.length;
  box.replaceChildren(...cardFacts.flatMap(([k, v]) => isRecords(v) ? [recordsTable(payload.game, k, v)]
    : [el("h2", {}, factTitle(payload.game, k)),
       el("p", { class: "cards big", "data-cards": k }, ...cardChips(payload.game, v))]));
  showPublic(document.getElementById("public"), Object.fromEntries(facts.filter((f) => !shownBig(f))),
             payload.game);
  document.getElementById("seats").replaceChildren(...(payload.seats || []).map((s) => seatRow(payload, s)));
  const links = document.getElementById("links");
  links.hidden = !payload.links || !Object.keys(payload.links).length || payload.state !== "playing";
  document.getElementById("qrs").replaceChildren(...Object.entries(payload.links || {}).map(([seat, link]) => {
    const box = el("div", { class: "qr" }, el("strong", {}, nameOf(payload, seat)));
    const img = el("div");
    img.innerHTML = link.qr;  // an SVG made by the server from the seat's own link
    box.append(img);
    if (link.code) box.append(el("span", { class: "code", "data-code": seat }, link.code));
    box.append(el("a", { href: link.url, target: "_blank" }, link.url));
    return box;
  }));
  const places = (payload.join || []).map((base) => base.replace(/^https?:\/\//, "") + "/join");
  const anyCode = Object.values(payload.links || {}).some((link) => link.code);
  document.getElementById("join-at").textContent =
    anyCode && places.length ? t("typeCode", places.join(` ${t("or")} `)) : "";
  document.getElementById("log").replaceChildren(...(payload.log || []).slice().reverse().map((l) => el("li", {}, say(l))));
  // Only games with hidden chance (a shuffled deck) publish commitments.
  document.getElementById("deck").hidden = !(payload.commitments || []).length || payload.state === "over";
  document.getElementById("commitments").replaceChildren(...(payload.commitments || []).map((c) => el("li", {}, c + "…")));
}

// A marble on the simulated board is dragged from its hole to another, or a hole
// clicked to lift or place one. A drag ending on its own hole is a click.
function dragMarbles(svgRoot) {
  let from = null;
  const holeAt = (x, y) => {
    const node = document.elementFromPoint(x, y);
    const g = node && node.closest ? node.closest("g[id^='g-']") : null;
    return g ? g.id.slice(2) : null;
  };
  svgRoot.addEventListener("pointerdown", (e) => {
    if (!(last && last.simulated)) return;
    const hole = holeAt(e.clientX, e.clientY);
    from = hole && last.holes && last.holes[hole] && last.holes[hole].m ? hole : null;
    if (from) document.body.classList.add("dragging");
  });
  window.addEventListener("pointerup", (e) => {
    if (!from) return;
    const start = from;
    from = null;
    document.body.classList.remove("dragging");
    const to = holeAt(e.clientX, e.clientY);
    if (to && to !== start) post("/api/sim/drag", { token, hole: start, to }).catch(() => {});
  });
}

async function main() {
  board = await (await fetch("/api/board")).json();
  const clicks = token ? async (hole) => { if (last && last.simulated) await post("/api/sim/toggle", { token, hole }).catch(() => {}); } : null;
  root = drawBoard(document.getElementById("board"), board, clicks);
  if (token) dragMarbles(root);
  document.getElementById("lang").append(langSwitch(words));
  words();
  live(token ? `t=${encodeURIComponent(token)}` : "", (p) => {
    document.body.classList.toggle("sim", Boolean(p.simulated && token));
    show(p);
  }, (state, why) => {
    offline = state === "offline";
    banner(offline ? t("offline") : state === "refused" ? t(why) : "");
  });
}
main();
