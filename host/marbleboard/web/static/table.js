// The table screen: the board live, the seats, the log; with the table's own
// link (?t=...) it runs the evening: the lobby (names, who plays each colour, the
// rules), take back, abandon, rematch, the seats' links, and the marbles of a
// simulated board moved by clicks or drags.
"use strict";

const token = params.get("t");
let board, root, last = null;
let offline = false;
let abandonAsked = false;
let nudgedAt = null;  // the turn at which the other home was reminded

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

// The lobby (lobby.js): on this screen with the table's link.
function lobby(payload) {
  const box = document.getElementById("lobby");
  // A table that joined another home's game waits for it, and starts none of its own.
  box.hidden = !token || payload.state !== "lobby" || !payload.games || Boolean(payload.remote);
  if (!box.hidden) lobbyForm(box, payload, token, board);
}

// The room: its QR code and short code, for the whole evening, and the phones that
// have joined, each with the colour it plays. Large in the lobby; small while a
// game is played, for a latecomer. The host (the table's link) may free a place.
function roomPanel(payload) {
  const box = document.getElementById("room");
  const room = payload.room;
  box.hidden = !room;
  if (!room) return;
  box.classList.toggle("small", payload.state !== "lobby");
  const code = el("div", { class: "qr room-qr" });
  code.innerHTML = room.qr;  // an SVG made by the server from the room's link
  const places = (room.join || []).map((base) => base.replace(/^https?:\/\//, "") + "/join");
  const phones = (room.phones || []).map((p) => el("li", { class: p.online ? "online" : "away" },
    el("span", { class: "dot", style: `background:${p.seat ? seatColour(board, payload, p.seat) : p.place ? board.seats[p.place] || "#999" : "transparent"}` }),
    ` ${p.name || t(p.place || "")}`, p.host ? el("span", { class: "tag" }, ` ${t("hostTag")}`) : "",
    p.online ? "" : el("span", { class: "tag" }, ` ${t("phoneAway")}`),
    token && p.place ? el("button", { class: "free", "data-free": p.place, title: t("freeHelp"),
      on: { click: () => act("/api/admin/free", { place: p.place }) } }, t("free")) : "",
    token ? el("button", { class: "remove", "data-remove": p.n, title: t("removeHelp"),
      on: { click: () => act("/api/admin/remove", { phone: p.n }) } }, t("removePhone")) : ""));
  const own = localStorage.getItem("member");
  box.replaceChildren(
    el("h2", {}, t("joinRoom")),
    el("div", { class: "room-join" }, code,
       el("div", {}, el("p", { class: "room-code-label" }, t("roomCodeIs")),
          el("p", { class: "room-code", id: "room-code" }, room.code || ""),
          el("p", { class: "join-at" }, places.length ? t("typeCodeAt", places.join(` ${t("or")} `)) : ""),
          // On a phone that opened the table's address: join from here.
          token ? "" : el("a", { class: "button", id: "join-here", href: own ? `/phone?m=${encodeURIComponent(own)}` : room.url.replace(/^https?:\/\/[^/]+/, "") },
             t(own ? "backToSeat" : "joinHere")))),
    el("h2", {}, t("joined", { n: (room.phones || []).length })),
    (room.phones || []).length ? el("ul", { class: "phones", id: "phones" }, ...phones)
      : el("p", { class: "hint", id: "phones" }, t("nobodyJoined")));
}

// A game shared with other homes: each home's seats and players, whether it is
// connected and whose move it is; on the host's screen each home's invitation
// (QR and text), and a reminder for the home whose move it is. In the lobby, the
// table's link may join a game another home hosts, by its invitation.
function homesPanel(payload) {
  const box = document.getElementById("homes");
  const remote = payload.remote;
  const joining = token && payload.state === "lobby" && !remote;
  box.hidden = !remote && !joining;
  if (box.hidden) return;
  if (joining) {
    if (box.dataset.form === LANG) return;  // not rebuilt under the typing fingers
    box.dataset.form = LANG;
    const input = el("input", { id: "invitation", type: "text", maxlength: 300, autocomplete: "off",
                                "aria-label": t("joinHomeHelp"), placeholder: "mqtts://…" });
    const error = el("p", { class: "error", id: "join-home-error" });
    const join = el("button", { id: "join-home", on: { click: async () => {
      try {
        await post("/api/admin/remote/join", { token, invitation: input.value });
        error.textContent = "";
      } catch (e) {
        error.textContent = e.message;
      }
    } } }, t("joinHomeButton"));
    box.replaceChildren(el("h2", {}, t("joinHomeTitle")), el("p", { class: "hint" }, t("joinHomeHelp")),
                        el("div", { class: "join-home" }, input, join), error);
    return;
  }
  delete box.dataset.form;
  const label = (h) => h.home === "host" ? t(remote.role === "host" ? "homeHost" : "homeHosting")
    : h.here ? t("homeHere") : t("homeThere", { n: h.home.replace(/^home/, "") });
  const rows = remote.homes.map((h) => {
    const here = h.home === "host" ? remote.role === "host" : h.here;
    const state = here ? "" : h.connected ? t("homeConnected") : t("homeAway");
    const row = el("li", { class: `home ${here || h.connected ? "online" : "away"}`, "data-home": h.home },
      el("strong", {}, label(h)), ` ${h.players.map((p) => t(p)).join(", ")}`,
      state ? el("span", { class: "tag" }, ` · ${state}`) : "",
      h.to_move ? el("span", { class: "tag to-move" }, ` · ${t("homeToMove")}`) : "");
    if (h.invitation) {
      const qr = el("div", { class: "qr home-qr" });
      qr.innerHTML = h.qr;  // an SVG made by the server from the invitation
      row.append(el("div", { class: "invite" }, qr,
        el("div", {}, el("p", { class: "hint" }, t("inviteHome", { n: h.home.replace(/^home/, "") })),
           el("code", { class: "invitation", "data-invitation": h.home }, h.invitation))));
    }
    return row;
  });
  const toMove = remote.homes.find((h) => h.to_move);
  const away = toMove && !(toMove.home === "host" ? remote.role === "host" : toMove.here);
  const parts = [el("h2", {}, t("homesTitle")), el("ul", { class: "homes", id: "home-list" }, ...rows)];
  if (token && away && payload.state === "playing") {
    // Said until the turn changes: the panel is drawn again at every payload.
    const said = el("span", { class: "hint", id: "nudge-said" },
                    nudgedAt === payload.turns ? ` ${t("nudged")}` : "");
    parts.push(el("button", { id: "nudge", on: { click: async () => {
      const answer = await act("/api/admin/remote/nudge");
      if (answer && answer.ok) {
        nudgedAt = payload.turns;
        // The panel may have been drawn again while the request was out: the span
        // on the page now is the one to tell.
        const shown = document.getElementById("nudge-said") || said;
        shown.textContent = ` ${t("nudged")}`;
      }
    } } }, t("nudgeHome")), said);
  }
  // What keeps this table from the broker, said as soon as it is known.
  if (remote.problem) parts.push(el("p", { class: "error", id: "broker-problem", role: "alert" }, say(remote.problem)));
  else if (remote.role === "guest" && !payload.game) parts.push(el("p", { class: "hint" }, t("waitingHost")));
  if (token && remote.role === "guest" && payload.state !== "playing") {
    parts.push(el("button", { id: "leave-home", on: { click: () => act("/api/admin/lobby") } }, t("leaveHomeGame")));
  }
  box.replaceChildren(...parts);
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
    // A playing piece (a Stomper) is said in its game's words, where it has some.
    const said = (key, holes) => {
      const own = `${payload.game}.${key}`;
      if (holes.length) lines.push(el("div", {}, t(has(own) ? own : key, { holes: holes.map(say).join(", ") })));
    };
    said("liftPiece", guide.lift_piece);
    said("liftFrom", guide.lift);
    said("placeIn", guide.place);
    said("placePiece", guide.place_piece);
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
      ...payload.standings.map((s) => el("li", {}, `${colon(t(s.name))}${s.score}`)))] : []),
    el("p", { class: "summary", id: "summary" }, t("summary", { moves: payload.moves, title: titleOf(payload.game, payload.title),
      players: (payload.seats || []).map((s) => nameOf(payload, s.seat)).join(", ") })),
    // A game played with the coach's help says so.
    ...(Object.keys(payload.hints || {}).length ? [el("p", { class: "summary", id: "hints-taken" },
      t("hintsTaken", Object.entries(payload.hints).map(([who, n]) => `${t(who)} ${n}`).join(", ")))] : []),
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
    : all ? t("checkOk", { what: chanceCounts(record.game, chances) })
    : t("checkBad", { bad: chances.length - good, n: chances.length });
  // One line for the family; each deck and roll, hashed, behind a button for
  // whoever wants to see them.
  target.replaceChildren(
    el("p", { class: `verdict ${all ? "ok" : "bad"}`, id: "verdict" }, verdict),
    ...(chances.length ? [el("details", { class: "check-details", ...(all ? {} : { open: "" }) },
      el("summary", {}, t("checkDetails")), el("ul", { class: "check" }, ...items))] : []),
    el("p", {}, link, " ", el("span", { class: "check-how" }, t("verifyHow"))));
}

// The chances of a game counted by kind, in words: "3 decks", "139 rolls", "1
// layout and 1 Stomper draw".
function chanceCounts(game, chances) {
  const counts = new Map();
  for (const c of chances) counts.set(c.kind, (counts.get(c.kind) || 0) + 1);
  const said = [...counts].map(([kind, n]) => {
    const own = `${game}.count.${kind}`;
    return has(own) ? t(own, { n }) : has(`count.${kind}`) ? t(`count.${kind}`, { n }) : `${n} × ${chanceWord(game, kind)}`;
  });
  return said.length > 1 ? t("andList", { first: said.slice(0, -1).join(", "), last: said.at(-1) }) : said[0];
}

// A chance kind in words: the game's own (<game>.chance.<kind>: a layout),
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
      : has("fact." + k) || has(`${game}.fact.${k}`) ? fact(k, v, game)
      : k === "home" ? `${v}/4 ${t("home")}` : `${v} ${t(k)}`));
}

// Whose turn it is, for the whole room to read from the sofa: the player's name
// in large type on their colour, and a bot's move said while it is shown.
function turnBanner(payload) {
  const banner = document.getElementById("turn-banner");
  banner.hidden = payload.state !== "playing" || !payload.turn;
  if (banner.hidden) return;
  const colour = seatColour(board, payload, payload.turn);
  banner.style.setProperty("--seat", colour);
  document.getElementById("turn-dot").style.background = colour;
  document.getElementById("turn-name").textContent = t("turn", nameOf(payload, payload.turn));
  const coming = payload.coming;
  const line = document.getElementById("coming");
  line.replaceChildren(...(coming ? [say(coming.words)] : []));
  // A card game's bot move is made after a pause, or as soon as the table says it has seen it.
  if (coming && coming.go_on && token) {
    line.append(" ", el("button", { type: "button", id: "go-on", on: { click: () => act("/api/admin/go-on") } }, t("goOn")));
  }
}

function homeWord(home) {
  return home === "host" ? t("seatAtHost") : t("seatAtHome", { n: home.replace(/^home/, "") });
}

function seatRow(payload, s) {
  // A person plays from a phone, or with the marbles alone; a phone gone a while
  // is away, and the host may let a bot finish the game for its player.
  // A seat played in another home is its people's, not a bot's.
  const who = s.kind.startsWith("remote:") ? homeWord(s.kind.slice(7))
    : s.kind !== "human" ? botWord(s.kind)
    : s.away ? t("seatAway") : s.phones ? t("onPhone") : t("noPhoneNow");
  const cells = [
    el("td", {}, el("span", { class: "dot", style: `background:${seatColour(board, payload, s.seat)}` }), ` ${nameOf(payload, s.seat)}`),
    el("td", {}, who), ...seatFacts(s, payload.game)];
  if (token && s.away && payload.state === "playing") {
    cells.push(el("td", {}, el("button", { "data-bot": s.seat,
      on: { click: () => act("/api/admin/bot", { seat: s.seat, kind: "bot:family" }) } },
      t("botTakesOver", { who: nameOf(payload, s.seat) }))));
  }
  if (token && payload.links && payload.links[s.seat] && payload.state === "playing") {
    cells.push(el("td", {}, el("button", { "data-relink": s.seat, title: t("newLinkHelp"),
      on: { click: () => act("/api/admin/link", { seat: s.seat }) } }, t("newLink"))));
  }
  return el("tr", { class: s.seat === payload.turn && payload.state === "playing" ? "current" : "",
                    "data-seat": s.seat }, ...cells);
}

function show(payload) {
  // A game starting (or ending) brings the screen back to its top, where whose
  // turn it is shows: the lobby's start button is far down the page.
  if (last && last.state !== payload.state && payload.state !== "lobby") window.scrollTo(0, 0);
  last = payload;
  knowPlayers(payload.names);
  roomPanel(payload);
  homesPanel(payload);
  lobby(payload);
  controls(payload);
  over(payload);
  board.palette = payload.palette || {};
  board.seatWords = payload.seat_words || {};
  paint(root, board, payload.holes || {});
  turnBanner(payload);
  const status = document.getElementById("status");
  if (payload.state === "over") status.textContent = t("over", payload.result);
  else if (payload.turn) status.textContent = t("turn", nameOf(payload, payload.turn));
  else if (payload.state === "lobby") status.textContent = payload.notice ? say(payload.notice) : t("waiting");
  else status.textContent = "";
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
  // A seat a person plays that no phone of the room has opened: its own QR code.
  const waiting = Object.entries(payload.links || {}).filter(([, link]) => !link.phone);
  const links = document.getElementById("links");
  links.hidden = !waiting.length || payload.state !== "playing";
  document.getElementById("qrs").replaceChildren(...waiting.map(([seat, link]) => {
    const box = el("div", { class: "qr" }, el("strong", {}, nameOf(payload, seat)));
    const img = el("div");
    img.innerHTML = link.qr;  // an SVG made by the server from the seat's own link
    box.append(img);
    if (link.code) box.append(el("span", { class: "code", "data-code": seat }, link.code));
    box.append(el("a", { href: link.url, target: "_blank" }, link.url));
    return box;
  }));
  const places = (payload.join || []).map((base) => base.replace(/^https?:\/\//, "") + "/join");
  const anyCode = waiting.some(([, link]) => link.code);
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
    if (!from) return;
    // A mouse drag would otherwise select the page's text, and the next drag
    // would carry that selection off as the browser's own drag, with no pointerup.
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  const drop = () => { from = null; document.body.classList.remove("dragging"); };
  window.addEventListener("pointercancel", drop);
  svgRoot.addEventListener("dragstart", (e) => e.preventDefault());
  window.addEventListener("pointerup", (e) => {
    if (!from) return;
    const start = from;
    drop();
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
