// Shared by the table screen and the phones: words in each language (WORDS comes
// from /words.js, made from the catalogs), the board drawing, the live connection
// and requests.
"use strict";

const params = new URLSearchParams(location.search);
if (params.get("lang")) localStorage.setItem("lang", params.get("lang"));
let LANG = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2);
if (!WORDS[LANG]) LANG = "en";

// t("turn", "red"), or a phrase the service sent: say(["turn", ["red"]]). An
// argument that is a key (a colour) or a phrase is said in the same language. A
// text that counts has a form per plural category (<key>.one, <key>.other): the
// count, the argument n or the first one, chooses by the language's own rule.
function t(key, ...args) {
  const named = args.length === 1 && args[0] && typeof args[0] === "object" && !Array.isArray(args[0]);
  const text = WORDS[LANG][key] || counted(WORDS[LANG], key, named ? args[0].n : args[0], LANG)
    || WORDS.en[key] || counted(WORDS.en, key, named ? args[0].n : args[0], "en") || key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = named ? args[0][name] : args[Number(name)];
    if (value === undefined || value === null) return whole;
    if (Array.isArray(value)) return say(value);
    return typeof value === "string" && value in WORDS.en ? t(value) : String(value);
  });
}

function counted(words, key, count, lang) {
  if (typeof count !== "number") return null;
  return words[`${key}.${new Intl.PluralRules(lang).select(count)}`] || words[`${key}.other`] || null;
}

// Whether the words have a text for a key, in any plural form.
function has(key) {
  return Boolean(WORDS.en[key] || WORDS.en[`${key}.other`]);
}

// A label and its colon, as the language writes it ("Cards: ", "Cartes : ").
function colon(label) {
  return t("colon", label);
}

// A game's title in the page's language where its words give one (<game>.title).
function titleOf(game, title) {
  const key = `${game}.title`;
  return WORDS[LANG][key] || WORDS.en[key] || title;
}

function say(phrase) {
  if (typeof phrase === "string") return t(phrase);
  const [key, args] = phrase;
  return args === undefined ? t(key) : Array.isArray(args) ? t(key, ...args) : t(key, args);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// Draw the board once from its shape; paint() then colours marbles and lights.
function drawBoard(target, board, onClick) {
  const root = svg("svg", { viewBox: `0 0 ${board.size[0]} ${board.size[1]}` });
  const track = board.track.map((id) => board.holes.find((h) => h.id === id));
  root.append(svg("polygon", { points: track.map((h) => `${h.x},${h.y}`).join(" "),
                               fill: "none", stroke: "#c9a677", "stroke-width": 3 }));
  for (const lamp of board.lamps) {
    root.append(svg("rect", { id: `l-${lamp.id}`, x: lamp.x - 5, y: lamp.y - 5, width: 10, height: 10,
                              rx: 2, fill: "#b89468" }));
  }
  const r = board.hole / 2;
  for (const h of board.holes) {
    const g = svg("g", { id: `g-${h.id}` });
    g.append(svg("circle", { class: "light", cx: h.x, cy: h.y, r: r * 1.8, fill: "none" }));
    const hole = svg("circle", { class: "hole", cx: h.x, cy: h.y, r,
                                 stroke: h.seat && h.role !== "track" ? board.seats[h.seat] : "none" });
    const title = svg("title", {});
    title.textContent = h.id;
    hole.append(title);
    if (onClick) hole.addEventListener("click", () => onClick(h.id));
    g.append(hole);
    g.append(svg("circle", { class: "marble", cx: h.x, cy: h.y, r: board.marble / 2, fill: "none",
                             stroke: "none", "pointer-events": "none" }));
    g.append(svg("text", { class: "letter", x: h.x, y: h.y, "font-size": board.marble * 0.65,
                           "pointer-events": "none" }));
    root.append(g);
  }
  target.replaceChildren(root);
  return root;
}

// The first letter of a colour's word marks its marbles: colour is never the only cue.
// Where two colours' words begin alike (bleu, blanc), the words give a letter of its own.
function letter(colour, board) {
  if (WORDS[LANG]["letter." + colour]) return t("letter." + colour);
  // A seat the game calls by a word of its own is lettered by that word.
  const word = ((board && board.seatWords) || {})[colour] || colour;
  return t(word).slice(0, 1).toUpperCase();
}

// A marble's colour: its seat's on the board, or one of the game's own (a layout's).
function colourOf(board, colour) {
  return board.seats[colour] || (board.palette || {})[colour] || "#eee";
}

// The colour a seat plays in: its Stomper's where the game gives the seat one
// (payload.seat_colours), else its colour on the board.
function seatColour(board, payload, seat) {
  const word = ((payload && payload.seat_colours) || {})[seat];
  return word ? colourOf(board, word) : board.seats[seat] || "#999";
}

function paint(root, board, holes) {
  for (const h of board.holes) {
    const g = root.getElementById(`g-${h.id}`);
    const [light, , marble, mark] = g.children;
    const state = holes[h.id] || {};
    marble.setAttribute("fill", state.m ? colourOf(board, state.m) : "none");
    mark.textContent = state.m ? letter(state.m, board) : "";
    // A playing piece (a Stomper) stands out from the marbles by a thick ring. Set
    // as the element's style: a stylesheet's rule would win over an attribute.
    marble.setAttribute("class", state.p ? "marble piece" : "marble");
    marble.style.stroke = state.m ? (state.p ? "#000" : "#0006") : "none";
    marble.style.strokeWidth = state.p ? String(board.marble / 4) : "1";
    light.setAttribute("fill", state.l || "none");
    light.setAttribute("class", "light" + (state.e ? ` fx-${state.e}` : ""));
  }
  for (const lamp of board.lamps) {
    const node = root.getElementById(`l-${lamp.id}`);
    const state = holes[lamp.id] || {};
    node.setAttribute("fill", state.l || "#b89468");
    node.setAttribute("class", state.e ? `fx-${state.e}` : "");
  }
}

// A fact a game gives (a score, a Stomper's colour) in words: a phrase of its own
// ("fact.<key>") where the words have one, a yes/no fact said only when it holds.
// A game's word for a value of one of its facts ("3a" of "village": the game's
// "village.3a"), else the common word (a seat's name), else the value itself.
// The players' names by seat, from the newest payload: a fact naming a seat
// ("player1 has the Canoe") says its player ("Anna has the Canoe").
let PLAYERS = {};
function knowPlayers(names) {
  PLAYERS = names || {};
}

function valueWord(game, k, v) {
  if (typeof v !== "string") return v;
  if (PLAYERS[v]) return t(PLAYERS[v]);
  if (WORDS.en[`${game}.${k}.${v}`]) return t(`${game}.${k}.${v}`);
  return v in WORDS.en ? t(v) : v;
}
function fact(k, v, game) {
  const key = has(`${game}.fact.${k}`) ? `${game}.fact.${k}` : `fact.${k}`;
  const value = valueWord(game, k, v);
  if (has(key)) return v === true ? t(key) : t(key, value);
  return `${colon(t(k))}${value}`;
}
// A heading for a game's fact: its own word where it has one.
function factTitle(game, k) {
  return WORDS.en[`${game}.${k}`] ? t(`${game}.${k}`) : t(k);
}
function shownFact([, v]) {
  return v !== null && v !== undefined && v !== false;
}

// A card as every screen draws it, small: a playing card (AS, 7H, X1) with its rank
// and suit, or a card of a game's own (a kind of goods) by its word in the game's
// words. The name a screen reader says is the card's in words.
const PLAYING_CARD = /^[A2-9TJQKX][SHDC12]$/;
function cardName(game, card) {
  if (!PLAYING_CARD.test(card)) return t(`${game}.goods.${card}`);
  const rank = card[0];
  if (rank === "X") return t("rank.X");
  return t("cardName", { rank: "AKQJX".includes(rank) ? t(`rank.${rank}`) : rank === "T" ? "10" : rank,
                         suit: t(`suit.${card[1]}`) });
}
// A playing card's rank as its corner shows it, in the page's language (a French
// King is an R, a Queen a D, a Jack a V).
function face(rank) {
  if (rank === "X") return "★";
  if (rank === "T") return "10";
  return has(`face.${rank}`) ? t(`face.${rank}`) : rank;
}
function cardChip(game, card) {
  const name = cardName(game, card);
  if (!PLAYING_CARD.test(card)) {
    return el("span", { class: `chip goods goods-${card}`, role: "img", "aria-label": name }, name);
  }
  const pip = { S: "♠", H: "♥", D: "♦", C: "♣" }[card[1]] || "";
  const red = "HD".includes(card[1]) && card[0] !== "X";
  return el("span", { class: "chip" + (red ? " red" : ""), role: "img", "aria-label": name }, face(card[0]) + pip);
}
function cardChips(game, cards) {
  return cards.length ? cards.map((c) => cardChip(game, c)) : [el("span", { class: "none" }, "—")];
}
function isCards(v) {
  return Array.isArray(v) && v.every((c) => typeof c === "string");
}
function isRecords(v) {
  return Array.isArray(v) && v.length > 0 && v.every((r) => r && typeof r === "object" && !Array.isArray(r));
}
// A list of a game's records (villages, last round's trades) as a table:
// a column a field, cards drawn as cards, values in words.
function recordsTable(game, k, rows) {
  const cols = Object.keys(rows[0]);
  const head = el("tr", {}, ...cols.map((c) => el("th", { scope: "col" }, factTitle(game, `col.${c}`))));
  const cell = (c, v) => el("td", {}, isCards(v) ? el("span", { class: "cards" }, ...cardChips(game, v))
    : v === true ? "✓" : v === false || v === null || v === undefined ? "" : String(valueWord(game, c === "name" ? "village" : c, v)));
  return el("table", { class: "records", "data-records": k },
            el("caption", {}, factTitle(game, k)), head,
            ...rows.map((r) => el("tr", {}, ...cols.map((c) => cell(c, r[c])))));
}

// What every screen shows besides the board: the die as a die, cards as cards,
// anything else as words.
const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function showPublic(target, facts, game) {
  if (!target) return;
  target.replaceChildren(...Object.entries(facts || {}).filter(shownFact)
    .map(([k, v]) => k === "die"
      ? el("span", { class: "die", title: `${t("die")} ${v}`, "aria-label": `${t("die")} ${v}` }, DIE[v - 1] || String(v))
      : isCards(v) ? el("span", { class: "fact cards" }, colon(factTitle(game, k)), ...cardChips(game, v))
      : isRecords(v) ? recordsTable(game, k, v)
      : typeof v === "object" ? el("span", {})
      : el("span", { class: "fact" }, fact(k, v, game))));
}

// One websocket; it comes back by itself after a phone sleeps or the host restarts.
// onStatus("online"), onStatus("offline") while it is gone, or onStatus("refused",
// why) when the service will not serve this link (the close codes are the hub's).
// 1008: the service does not answer to the name this page was opened with.
const REFUSALS = { 1008: "address", 4401: "token", 4429: "tooManyPhones" };
// A page brought back to the front (a phone unlocked, a tab shown again) does not
// wait for the next try: it reconnects at once.
function live(query, onPayload, onStatus = () => {}) {
  let delay = 500;
  let ws = null;
  let retry = null;
  let done = false;
  function open() {
    clearTimeout(retry);
    retry = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}/ws?${query}`);
    ws.onmessage = (e) => { delay = 500; onStatus("online"); onPayload(JSON.parse(e.data)); };
    ws.onclose = (e) => {
      const why = REFUSALS[e.code];
      if (why === "token" || why === "address") { done = true; onStatus("refused", why); return; }  // trying again cannot help
      onStatus(why ? "refused" : "offline", why);
      retry = setTimeout(open, why ? 5000 : delay);  // a phone put away makes room
      delay = Math.min(delay * 2, 5000);
    };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden || done || !ws || ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) return;
    delay = 500;
    open();
  });
  open();
}

// A banner across the top of the page while the service cannot be reached.
function banner(text) {
  let node = document.getElementById("banner");
  if (!node) {
    node = el("p", { id: "banner", class: "banner", role: "alert" });
    document.body.prepend(node);
  }
  node.textContent = text || "";
  node.hidden = !text;
}

// A refusal's words: its code translated, never the browser's own message.
function errorText(code) {
  const words = WORDS[LANG], en = WORDS.en;
  const key = [`e:${code}`, code].find((k) => words[k] || en[k]);
  return key ? t(key) : t("failed");
}

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                   body: JSON.stringify(body) });
  } catch (e) {
    throw new Error(t("offline"));  // no answer at all: the service is gone
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(errorText(data.code || "failed"));
  return data;
}

function langSwitch(onChange) {
  const select = el("select", { "aria-label": "language", on: { change: (e) => {
    LANG = e.target.value; localStorage.setItem("lang", LANG); onChange(); } } },
    el("option", { value: "en" }, "English"), el("option", { value: "fr" }, "Français"));
  select.value = LANG;
  return select;
}
