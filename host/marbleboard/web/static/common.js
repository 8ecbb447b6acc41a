// Shared by the table screen and the phones: words in two languages, the board
// drawing, the live connection and requests.
"use strict";

const WORDS = {
  en: {
    turn: "{0} to play", yourTurn: "Your turn", waiting: "Waiting for the game to start",
    over: "Game over: {0} won", forfeited: "You threw your hand away this round",
    chooseCard: "Tap a card to see its moves on the board", which: "Which move did you make?",
    chooseMove: "Choose your move: the board lights it", game: "Game", die: "Die", progress: "on the way", to_come_out: "to come out",
    noMoves: "No card can be played", moving: "The marbles are being moved…",
    moveMarbles: "Move the marbles as the lights show", start: "Start the game",
    players: "Players", seats: "Seats", log: "What happened", links: "Join with a phone",
    human: "person", cards: "cards", home: "home", phones: "phones", deck: "Deck commitments",
    lobby: "New game", mistakes: "The board does not match a legal move: follow the red light",
    stale: "The game has moved on", "not-your-turn": "It is not your turn",
    "not-held": "You do not hold that card", illegal: "That move is not legal here",
    token: "This link is not valid: scan the QR code again", network: "Not allowed from here",
    takeback: "Take back", connecting: "Connecting…",
    red: "red", blue: "blue", yellow: "yellow", green: "green",
    rules: "Rules", teams: "Four players play as two teams",
    partner_plays_on: "A finished player moves the partner's marbles",
    seven_into_home: "A 7 may end in HOME", joker_into_home: "A Joker may end in HOME",
    pass_home_entry: "A marble may pass its own HOME and go round again",
    joinTitle: "Join a seat", joinPrompt: "Type the code shown beside your seat on the table screen",
    joinButton: "Join", typeCode: "No camera? Open {0} on the phone and type the seat's code.",
    or: "or", code: "No seat has that code: check the table screen",
    tries: "Too many wrong codes: wait a minute and try again",
    offline: "Connection lost: reconnecting…",
    tooManyPhones: "This seat is already open on too many phones: close it on one of them",
    moving: "Your move is being made", invalid: "The request was not understood",
    "too-large": "The request is too large", failed: "That did not work: try again",
    "no-game": "No game is being played", "no-question": "There is no question to answer",
    seat: "There is no such seat", "not-simulated": "The board is real: move the marble by hand",
    "e:game": "This board does not play that game",
    "e:players": "This board is not for that many players",
    "e:seats": "Choose who plays each colour, one player for each",
    "e:rules": "Those rules cannot be chosen together",
    "e:colours": "Those colours cannot play together under these rules",
    colours: "Colours", nobody: "—",
  },
  fr: {
    turn: "À {0} de jouer", yourTurn: "À vous de jouer", waiting: "La partie va commencer",
    over: "Partie terminée : {0} a gagné", forfeited: "Vous avez jeté votre main pour ce tour",
    chooseCard: "Touchez une carte pour voir ses coups sur le plateau",
    chooseMove: "Choisissez votre coup : le plateau l'éclaire", game: "Jeu", die: "Dé", progress: "en route", to_come_out: "à sortir",
    which: "Quel coup avez-vous joué ?", noMoves: "Aucune carte ne peut être jouée",
    moving: "Les billes sont déplacées…", moveMarbles: "Déplacez les billes comme le montrent les lumières",
    start: "Commencer la partie", players: "Joueurs", seats: "Places", log: "Déroulement",
    links: "Rejoindre avec un téléphone", human: "personne", cards: "cartes", home: "arrivées",
    phones: "téléphones", deck: "Engagements des paquets", lobby: "Nouvelle partie",
    mistakes: "Le plateau ne correspond à aucun coup légal : suivez la lumière rouge",
    stale: "La partie a avancé", "not-your-turn": "Ce n'est pas votre tour",
    "not-held": "Vous n'avez pas cette carte", illegal: "Ce coup n'est pas permis ici",
    token: "Ce lien n'est pas valable : scannez à nouveau le code QR", network: "Accès refusé d'ici",
    takeback: "Reprendre le coup", connecting: "Connexion…",
    red: "rouge", blue: "bleu", yellow: "jaune", green: "vert",
    rules: "Règles", teams: "À quatre, deux équipes", partner_plays_on:
      "Un joueur arrivé déplace les billes de son partenaire",
    seven_into_home: "Un 7 peut finir dans la MAISON", joker_into_home: "Un Joker peut finir dans la MAISON",
    pass_home_entry: "Une bille peut passer sa MAISON et refaire un tour",
    joinTitle: "Rejoindre une place", joinPrompt: "Tapez le code affiché à côté de votre place sur l'écran de la table",
    joinButton: "Rejoindre", typeCode: "Pas d'appareil photo ? Ouvrez {0} sur le téléphone et tapez le code de la place.",
    or: "ou", code: "Aucune place n'a ce code : vérifiez l'écran de la table",
    tries: "Trop de codes faux : attendez une minute et réessayez",
    offline: "Connexion perdue : reconnexion…",
    tooManyPhones: "Cette place est déjà ouverte sur trop de téléphones : fermez-la sur l'un d'eux",
    moving: "Votre coup est en cours", invalid: "La demande n'a pas été comprise",
    "too-large": "La demande est trop grande", failed: "Cela n'a pas marché : réessayez",
    "no-game": "Aucune partie en cours", "no-question": "Il n'y a pas de question à laquelle répondre",
    seat: "Cette place n'existe pas", "not-simulated": "Le plateau est réel : déplacez la bille à la main",
    "e:game": "Ce plateau ne joue pas à ce jeu",
    "e:players": "Ce plateau n'est pas fait pour ce nombre de joueurs",
    "e:seats": "Choisissez qui joue chaque couleur, un joueur pour chacune",
    "e:rules": "Ces règles ne peuvent pas être choisies ensemble",
    "e:colours": "Ces couleurs ne peuvent pas jouer ensemble avec ces règles",
    colours: "Couleurs", nobody: "—",
  },
};

const params = new URLSearchParams(location.search);
if (params.get("lang")) localStorage.setItem("lang", params.get("lang"));
let LANG = localStorage.getItem("lang") || (navigator.language || "en").slice(0, 2);
if (!WORDS[LANG]) LANG = "en";

function t(key, ...args) {
  const text = (WORDS[LANG][key] || WORDS.en[key] || key);
  return text.replace(/\{(\d)\}/g, (_, i) => args[i]);
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
    root.append(g);
  }
  target.replaceChildren(root);
  return root;
}

function paint(root, board, holes) {
  for (const h of board.holes) {
    const g = root.getElementById(`g-${h.id}`);
    const [light, , marble] = g.children;
    const state = holes[h.id] || {};
    marble.setAttribute("fill", state.m ? (board.seats[state.m] || "#eee") : "none");
    marble.setAttribute("stroke", state.m ? "#0006" : "none");
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

// What every screen shows besides the board: the die as a die, anything else as words.
const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function showPublic(target, facts) {
  if (!target) return;
  target.replaceChildren(...Object.entries(facts || {}).filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => k === "die"
      ? el("span", { class: "die", title: `${t("die")} ${v}`, "aria-label": `${t("die")} ${v}` }, DIE[v - 1] || String(v))
      : el("span", { class: "fact" }, `${t(k)}: ${v}`)));
}

// One websocket; it comes back by itself after a phone sleeps or the host restarts.
// onStatus("online"), onStatus("offline") while it is gone, or onStatus("refused",
// why) when the service will not serve this link (the close codes are the hub's).
const REFUSALS = { 4401: "token", 4429: "tooManyPhones" };
function live(query, onPayload, onStatus = () => {}) {
  let delay = 500;
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws?${query}`);
    ws.onmessage = (e) => { delay = 500; onStatus("online"); onPayload(JSON.parse(e.data)); };
    ws.onclose = (e) => {
      const why = REFUSALS[e.code];
      if (why === "token") { onStatus("refused", why); return; }  // trying again cannot help
      onStatus(why ? "refused" : "offline", why);
      setTimeout(open, why ? 5000 : delay);  // a phone put away makes room
      delay = Math.min(delay * 2, 5000);
    };
  }
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
