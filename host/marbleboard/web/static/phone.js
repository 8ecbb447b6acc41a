// A phone of the room: its player's name and colour, in a game its own hand, its
// moves in words and on a picture of the board, questions, and the end of the
// game; on the host's phone, the evening's controls too.
"use strict";

// The phone's secret in the room: from the link it was opened with (the room's
// join), else the one this phone kept. A seat's own QR code carries a claim (c)
// instead, good once: it is exchanged for this phone's own secret, which nobody
// else has seen, and the page goes on at its own address.
const claim = params.get("c");
const token = claim ? "" : params.get("m") || localStorage.getItem("member") || "";
if (token && token !== localStorage.getItem("member")) localStorage.setItem("member", token);
let last = null;
let link = token || claim ? "connecting" : "refused";  // "online", "offline", or "refused" with why
let refusal = token || claim ? null : "token";  // a link without its token can never be good
let claimRefused = "";  // why the seat's link could not be opened, in words
let slow = false;  // the first connection is taking long: the phone may be on another network
let pending = false;  // a request is on its way
let playedTurn = null;  // the turn a move was sent for: one move a turn
let note = "";
let tapped = null;  // the card last tapped (of two of a rank, the one to mark)
let selected = null;  // the notation of the move shown on the picture
let board = null;  // the board's shape, to draw the picture
let picture = null;  // the picture's svg, drawn once

const MANY_MOVES = 8;  // more moves than this: the picture is shown before the list
const TAP_REACH_PX = 22;  // a tap this near a ring of the picture is taken for it

// Buttons do nothing while a request is out, once a move is on its way, and
// whenever the service cannot be reached.
function locked() {
  return link !== "online" || pending || Boolean(last && (last.moving || playedTurn === last.turns));
}

async function act(path, body) {
  if (locked() || !last) return;
  pending = true;
  if (path === "move" || path === "answer" || path === "steps") playedTurn = last.turns;
  render();
  try {
    const result = await post(`/api/seats/${last.seat}/${path}`, { token, turn: last.turns, ...body });
    note = result.note === "move-marbles" ? t("moveMarbles") : "";
  } catch (e) {
    note = e.message;
    if (path === "move" || path === "answer" || path === "steps") playedTurn = null;
  } finally {
    pending = false;
    render();
  }
}

let boardAsked = false;
function loadBoard() {
  boardAsked = true;
  fetch("/api/board").then((r) => r.json()).then((shape) => { board = shape; render(); })
    .catch(() => { boardAsked = false; });  // asked again with the next payload
}

function show(p) {
  if (!board && !boardAsked) loadBoard();
  if (!last || last.turns !== p.turns) selected = null;
  const myTurnBefore = Boolean(last && last.seat && last.turn === last.seat && last.state === "playing");
  last = p;
  const myTurn = Boolean(p.seat && p.turn === p.seat && p.state === "playing");
  if (myTurn && !myTurnBefore) yourTurn();
  document.title = myTurn ? `● ${t("yourTurn")} — marbleboard` : "marbleboard";
  render();
}

// Your turn: the phone buzzes (where it can), and a sound if the player chose one.
function yourTurn() {
  if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
  if (localStorage.getItem("sound") === "on") chime();
}

function chime() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  const audio = new Audio();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
}

// The screen stays on while this page is in front (where the browser allows it:
// a secure page), so a phone on the table does not lock between turns.
let wakeLock = null;
async function keepAwake() {
  if (document.hidden || wakeLock || !("wakeLock" in navigator)) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch (e) { wakeLock = null; }  // refused (battery saver): the phone may lock
}
document.addEventListener("visibilitychange", keepAwake);

// A seat's name for people: the player's own name when the table knows it.
function nameOf(s) {
  const name = last && last.names && last.names[s];
  // A seat nobody named is called by its colour (or the game's word for it), which
  // is said in the phone's language; a name given is itself.
  return name && name !== s ? t(name) : t(s);
}

function cardButton(card, p, off, mine) {
  const playing = PLAYING_CARD.test(card);
  const rank = card[0], suit = card[1];
  const joker = playing && rank === "X";
  const label = cardName(p.game, card);
  // Two cards of a group play alike (a rank, a kind of goods): the one
  // tapped is the one marked.
  const inGroup = (c) => c === p.chosen || Boolean(p.chosen && p.chosen.length === 1 && c[0] === p.chosen);
  const chosen = inGroup(card) && (tapped && inGroup(tapped) ? tapped === card : p.hand.find(inGroup) === card);
  const kind = !playing ? ` goods goods-${card}` : "HD".includes(suit) && !joker ? " red" : "";
  const button = el("button", {
    type: "button", class: "card" + kind + (chosen ? " chosen" : ""),
    "data-card": card, "aria-pressed": String(chosen),
    on: { click: () => { tapped = chosen ? null : card; act("card", { card: tapped }); } },
  }, ...(playing ? [
    el("span", { class: "rank", "aria-hidden": "true" }, face(rank)),
    el("span", { class: joker ? "pip joker" : "pip", "aria-hidden": "true" },
       joker ? t("rank.X") : { S: "♠", H: "♥", D: "♦", C: "♣" }[suit])]
    : [el("span", { class: "goods-name", "aria-hidden": "true" }, label)]),
  el("span", { class: "sr" }, label));  // what a screen reader says: the card's name
  button.disabled = off || !mine;
  return button;
}

// The moves the phone lists: the chosen card's, or every one before a card is chosen.
// What else the seat holds that only its phone shows (a bid face down, a chest of
// points, the cards claimed), each under the game's own word for it.
function keptApart(p) {
  return (p.mine || []).filter((k) => p[k] !== null && p[k] !== undefined).map((k) => {
    const v = p[k];
    if (isCards(v)) return el("p", { class: "fact cards", "data-mine": k }, colon(factTitle(p.game, k)), ...cardChips(p.game, v));
    const parts = Object.entries(v).map(([f, x]) => isCards(x) ? el("span", { class: "cards" }, ...cardChips(p.game, x))
      : el("span", {}, ` ${valueWord(p.game, f, x)} `));
    return el("p", { class: "fact", "data-mine": k }, colon(factTitle(p.game, "my" + k)), ...parts);
  });
}

// The coach: on the player's turn, a hint when the table allows them and the
// player has not turned them off here. The hint is said here alone (the others
// read only that a hint was taken), and its move is chosen in the list, ready to
// play; the board lights it for everyone where the hand has nothing to hide, else
// when the player asks.
function coachBox(p, mine, off, moves) {
  const box = document.getElementById("coach-box");
  const coach = p.coach;
  box.hidden = !mine || !coach || Boolean(p.question) || localStorage.getItem("coach") === "off";
  if (box.hidden) return;
  const button = document.getElementById("coach");
  button.textContent = t("askHint", { n: coach.left });
  button.disabled = off || !coach.left || Boolean(coach.hint);  // none left, or this turn's given
  button.onclick = () => act("hint", {});
  const given = coach.hint && (p.moves || []).find((m) => m.text === coach.hint);
  document.getElementById("coach-says").textContent = coach.hint ? t("hintSays", say(coach.words || coach.hint)) : "";
  const show = document.getElementById("show-hint");
  show.hidden = !coach.hint || p.board_game === false;  // a card game's board shows no move
  show.textContent = coach.lit ? t("hideHint") : t("showHint");
  show.setAttribute("aria-pressed", String(Boolean(coach.lit)));
  show.disabled = off;
  show.onclick = () => act("show", { show: !coach.lit, hint: true });
  if (given && hintChosen !== p.turns && moves.some((m) => m.text === given.text)) {
    hintChosen = p.turns;  // chosen once: the player may choose another
    selected = given.text;
    render();
  }
}
let hintChosen = null;  // the turn whose hint was chosen in the list

// A move the game takes in steps, made on one screen (a bid: a place chosen,
// cards tapped from the hand, then put down): the game says what it is made of
// (p.compose); the steps are sent together, and nothing is played if the move
// cannot be made.
let composing = { turn: null, choice: null, cards: [] };  // cards: their places in the hand

function composeMove(p, off) {
  const how = p.compose;
  const said = how.words;
  if (composing.turn !== p.turns) composing = { turn: p.turns, choice: null, cards: [] };
  const choice = how.fixed || how.choices.find((c) => c.move === composing.choice)
    // A hint given for a place: it is the one chosen, until the player picks another.
    || how.choices.find((c) => p.coach && c.move === p.coach.hint);
  const hand = p.hand || [];
  document.getElementById("hand").replaceChildren(...hand.map((card, i) => {
    const inMove = composing.cards.includes(i);
    const name = cardName(p.game, card);
    const button = el("button", {
      type: "button", class: `card goods goods-${card}` + (inMove ? " chosen" : ""),
      "data-card": card, "aria-pressed": String(inMove),
      on: { click: () => { composing.cards = inMove ? composing.cards.filter((x) => x !== i) : [...composing.cards, i]; render(); } },
    }, el("span", { class: "goods-name", "aria-hidden": "true" }, name), el("span", { class: "sr" }, name));
    button.disabled = off;
    return button;
  }));
  document.getElementById("moves").replaceChildren(...how.choices.map((c) => {
    const move = (p.moves || []).find((m) => m.text === c.move) || {};
    const button = el("button", {
      type: "button", class: "move village", "data-move": c.move, "data-village": c.name,
      "aria-pressed": String(choice === c), on: { click: () => { composing.choice = c.move; render(); } },
    }, el("span", { class: "words" }, say(move.words || c.move)),
    el("span", { class: "cards" }, ...cardChips(p.game, c.goods)),
    ...(c.there ? [el("small", { class: "there" }, t(said.there, { n: c.there }))] : []));
    button.disabled = off;
    return button;
  }));
  const count = how.begun + composing.cards.length;
  document.getElementById("hint").textContent = !choice ? t(said.pick)
    : choice.there && count < choice.least ? t(said.need, { n: choice.least }) : t(said.tap);
  const play = document.getElementById("play");
  play.hidden = !choice;
  if (!choice) return;
  play.disabled = off || count < choice.least;
  play.textContent = count ? t(said.put, { n: count, village: choice.place }) : say([said.none, []]);
  play.onclick = () => act("steps", { moves: [...(how.fixed ? [] : [choice.move]),
                                               ...composing.cards.map((i) => how.steps[hand[i]]), how.done] });
}

function listed(p) {
  return (p.moves || []).filter((m) => !p.chosen || m.card === p.chosen);
}

function moveButton(m, off) {
  const words = say(m.words || m.text);
  const children = [el("span", { class: "words" }, words)];
  // The notation ("A RS-0") is for players who ask for it: the words say the move.
  if (words !== m.text && localStorage.getItem("expert") === "on") children.push(el("small", { class: "notation", "aria-label": `${t("notation")} ${m.text}` }, m.text));
  const button = el("button", {
    type: "button", "data-move": m.text, "aria-pressed": String(selected === m.text), class: "move",
    ...(m.card ? { "data-for": m.card } : {}),
    on: { click: () => { selected = m.text; render(); } },
  }, ...children);
  button.disabled = off;
  return button;
}

function hole(id) {
  return board.holes.find((h) => h.id === id);
}

// The picture: the marbles as they stand, a ring on every hole a listed move ends in
// (tap it to play that move), and the chosen move's path and the marbles it knocks home.
function drawPicture(p, moves, off) {
  const box = document.getElementById("picture");
  const playing = p.state === "playing" || p.state === "over";
  box.hidden = !board || !playing || p.board_game === false;  // a card game: no picture
  if (box.hidden) return;
  if (!picture) picture = drawBoard(document.getElementById("picture-board"), board);
  picture.setAttribute("role", "group");
  picture.setAttribute("aria-label", t("picture"));
  const holes = {};
  const pieces = new Set(p.pieces || []);
  board.palette = p.palette || {};
  board.seatWords = p.seat_words || {};
  for (const [id, s] of Object.entries(p.marbles || {})) holes[id] = { m: s, p: pieces.has(id) };
  paint(picture, board, holes);
  let overlay = picture.getElementById("overlay");
  if (!overlay) {
    overlay = svg("g", { id: "overlay" });
    picture.append(overlay);
  }
  overlay.replaceChildren();
  const r = board.hole / 2;
  for (const [id, s] of Object.entries(p.marbles || {})) {
    const h = hole(id);
    if (!h) continue;
    // Drawn larger than life: a phone's picture is small, and the letter must be read.
    const big = board.marble * 0.7;
    overlay.append(svg("circle", { cx: h.x, cy: h.y, r: big, class: "big-marble" + (pieces.has(id) ? " piece" : ""),
                                   fill: colourOf(board, s) }));
    const mark = svg("text", { x: h.x, y: h.y, class: "letter", "font-size": big * 1.3 });
    mark.textContent = letter(s, board);
    overlay.append(mark);
  }
  const chosen = moves.find((m) => m.text === selected);
  if (chosen && chosen.path.length) {
    const points = chosen.path.map(hole).filter(Boolean);
    overlay.append(svg("polyline", { class: "path", points: points.map((h) => `${h.x},${h.y}`).join(" ") }));
    for (const k of chosen.knocks) {
      const h = hole(k.hole);
      if (!h) continue;
      const d = r * 1.4;
      overlay.append(svg("path", { class: "knock", d: `M${h.x - d},${h.y - d}L${h.x + d},${h.y + d}M${h.x - d},${h.y + d}L${h.x + d},${h.y - d}` }));
    }
  }
  const ends = [...new Set(moves.filter((m) => m.to).map((m) => m.to))];
  picture.targets = [];
  for (const id of ends) {
    const h = hole(id);
    if (!h) continue;
    const here = moves.filter((m) => m.to === id);
    const target = svg("circle", {
      cx: h.x, cy: h.y, r: r * 2.2, "data-to": id,
      class: "target" + (chosen && chosen.to === id ? " dest" : ""),
      role: "button", tabindex: off ? "-1" : "0", "aria-disabled": String(off),
      "aria-label": t("moveTo", here.map((m) => say(m.words || m.text)).join(" / ")),
    });
    const choose = () => {
      if (off) return;
      if (here.length === 1) { selected = here[0].text; act("move", { move: here[0].text }); return; }
      // Several moves end here: each tap shows the next; Play plays the one shown.
      const at = here.findIndex((m) => m.text === selected);
      selected = here[(at + 1) % here.length].text;
      render();
    };
    target.addEventListener("click", (e) => { e.stopPropagation(); choose(); });
    target.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } });
    overlay.append(target);
    picture.targets.push({ target, choose });
  }
  if (!picture.nearest) {
    // The holes of a board drawn on a phone are a few pixels apart: a tap near a
    // ring, within half a thumb (22 CSS px) and nearer it than any other ring,
    // is a tap on that ring.
    picture.nearest = true;
    picture.addEventListener("click", (e) => {
      let best = null, bestDistance = TAP_REACH_PX;
      for (const entry of picture.targets) {
        const box = entry.target.getBoundingClientRect();
        const d = Math.hypot(e.clientX - (box.left + box.width / 2), e.clientY - (box.top + box.height / 2));
        if (d <= bestDistance) { best = entry; bestDistance = d; }
      }
      if (best) best.choose();
    });
  }
  document.getElementById("picture-help").textContent = ends.length && !off ? t("pictureHelp") : "";
}

function statusText(p) {
  if (p.state === "lobby") {
    if (p.host) return t("hostStarts");
    return t(p.room && p.room.me.place ? "waitingStart" : "choosePlace");
  }
  if (p.state === "over") return t("over", p.result);
  if (link === "offline") return t("reconnecting");
  if (!p.seat) return p.turn ? t("watching", nameOf(p.turn)) : "";
  if (p.forfeited) return t("forfeited");
  return p.turn === p.seat ? t("yourTurn") : t("waitingFor", nameOf(p.turn));
}

// The header: the player's name in their colour, and "host" on the host's phone.
function header(p) {
  const who = document.getElementById("who");
  const me = p && p.room ? p.room.me : null;
  if (!me) { who.textContent = "marbleboard"; return; }
  const colour = me.place && board ? board.seats[me.place] : null;
  // Where the game gives the seat a colour of its own (a Stomper), the phone says it.
  const own = p.seat && (p.seat_colours || {})[p.seat];
  if (board) board.palette = p.palette || {};
  who.replaceChildren(
    el("span", { class: "dot big-dot", style: `background:${colour || "transparent"}` }),
    // A seat's link opened with no name typed: the seat is called by its colour.
    ` ${me.name || t(me.place || "")}`,
    me.place && me.name ? el("span", { class: "colour-word" }, ` — ${t(me.place)}`) : "",
    me.host ? el("span", { class: "tag" }, ` ${t("hostTag")}`) : "",
    own && board ? el("span", { class: "plays-as", id: "plays-as" },
      el("span", { class: "dot", style: `background:${colourOf(board, own)}` }), ` ${t("playsAs", { colour: t(own) })}`) : "");
}

// Between games, and while watching: the player's name, the colour they play
// (a free one tapped to take it), and leaving the table.
function roomBox(p) {
  const box = document.getElementById("room-box");
  const room = p.room;
  box.hidden = !room || !board || (p.seat && p.state !== "lobby");
  if (box.hidden) return;
  const built = JSON.stringify([LANG, room]);
  // Not rebuilt under a name being typed: another phone joining waits for it.
  if (box.dataset.built === built || document.activeElement === document.getElementById("my-name")) return;
  box.dataset.built = built;
  const name = el("input", { id: "my-name", maxlength: 24, value: room.me.name, autocomplete: "given-name",
                             "aria-label": t("yourName") });
  const rename = el("button", { type: "button", id: "rename", on: { click: () => roomAct("/api/room/me", { name: name.value.trim() }) } }, t("rename"));
  const places = room.places.map((entry) => {
    const mine = entry.place === room.me.place;
    const button = el("button", {
      type: "button", class: "place" + (mine ? " mine" : ""), "data-place": entry.place, "aria-pressed": String(mine),
      on: { click: () => roomAct("/api/room/me", { place: mine ? null : entry.place }) },
    }, el("span", { class: "dot", style: `background:${board.seats[entry.place] || "#999"}` }),
       ` ${t(entry.place)}`, entry.taken && !mine ? el("small", {}, ` ${entry.by}`) : "");
    button.disabled = entry.taken && !mine;
    return button;
  });
  const leave = el("button", { type: "button", id: "leave", class: "quiet", on: { click: async () => {
    if (!window.confirm(t("leaveSure"))) return;
    if (await roomAct("/api/room/leave", {})) {
      localStorage.removeItem("member");
      location.assign("/join");
    }
  } } }, t("leave"));
  box.replaceChildren(
    el("h2", {}, t("yourName")), el("div", { class: "row" }, name, rename),
    el("h2", {}, t("yourColour")), el("p", { class: "hint" }, t("colourHelp")),
    el("div", { class: "places", id: "places" }, ...places),
    leave);
}

async function roomAct(path, body) {
  try {
    await post(path, { token, ...body });
    note = "";
    return true;
  } catch (e) {
    note = e.message;
    render();
    return false;
  }
}

// The host's phone: the lobby, and the evening's buttons (abandon, play again).
let abandonAsked = false;
function hostBox(p) {
  const box = document.getElementById("host-box");
  const host = p.host;
  box.hidden = !host || !board || host.state === "over";
  document.getElementById("host-top").hidden = true;
  if (!host || !board) return;
  const lobbyBox = document.getElementById("host-lobby");
  lobbyBox.hidden = host.state !== "lobby" || !host.games;
  if (!lobbyBox.hidden) lobbyForm(lobbyBox, { ...host, room: p.room }, token, board);
  const buttons = [];
  const top = [];
  if (host.state === "playing" && host.coming && host.coming.go_on) {
    // A bot's move announced: the host says everyone has seen it, and it is made.
    top.push(el("button", { type: "button", id: "go-on", on: { click: () => roomAct("/api/admin/go-on", {}) } },
                t("goOnMove", say(host.coming.words))));
  }
  if (host.state === "playing") {
    buttons.push(abandonAsked
      ? el("button", { type: "button", id: "abandon-yes", on: { click: () => { abandonAsked = false; roomAct("/api/admin/lobby", {}); } } }, t("abandonSure"))
      : el("button", { type: "button", id: "abandon", class: "quiet", on: { click: () => { abandonAsked = true; render(); } } }, t("abandon")));
  } else {
    abandonAsked = false;
  }
  if (host.state === "over") {
    top.push(el("button", { type: "button", id: "rematch", class: "big", on: { click: () => roomAct("/api/admin/rematch", {}) } }, t("playAgain")),
             el("button", { type: "button", id: "new-game", on: { click: () => roomAct("/api/admin/lobby", {}) } }, t("newGame")));
  }
  document.getElementById("host-buttons").replaceChildren(...buttons);
  // Play again comes first on the host's phone when the game is over.
  const topBox = document.getElementById("host-top");
  topBox.replaceChildren(...top);
  topBox.hidden = !top.length;
}

// The end of the game on every phone: who won, and every seat ranked by its score.
function scoreboard(p) {
  const box = document.getElementById("scores");
  box.hidden = p.state !== "over" || !(p.standings || []).length;
  box.replaceChildren(...(box.hidden ? [] : [el("h2", {}, t("scores")), el("ol", { class: "standings" },
    ...p.standings.map((s) => el("li", { class: s.seat === p.seat ? "me" : "" },
      el("span", { class: "dot", style: `background:${board ? seatColour(board, p, s.seat) : "transparent"}` }),
      ` ${colon(t(s.name))}`, el("strong", {}, String(s.score)))))]));
}

function render() {
  document.documentElement.lang = LANG;
  header(last);
  document.getElementById("hand-title").textContent = t("yourHand");
  document.getElementById("sound-label").textContent = t("soundSetting");
  document.getElementById("expert-label").textContent = t("expertSetting");
  document.getElementById("coach-label").textContent = t("coachSetting");
  document.getElementById("log-title").textContent = t("history");
  const status = document.getElementById("status");
  const error = document.getElementById("error");
  const parts = ["hand", "hint", "moves", "question", "public", "log"].map((id) => document.getElementById(id));
  const clear = () => {
    parts.forEach((node) => node.replaceChildren());
    for (const id of ["hand-box", "picture", "play", "show", "room-box", "host-box", "host-top", "scores", "coach-box"]) document.getElementById(id).hidden = true;
    error.textContent = "";
  };
  const rejoin = document.getElementById("rejoin");
  rejoin.hidden = !(refusal === "token" || refusal === "claim" || (!token && !claim));
  rejoin.firstElementChild.textContent = t("joinAgain");
  if (refusal === "claim") {
    status.textContent = claimRefused;
    status.dataset.state = "refused";
    clear();
    return;
  }
  if ((!token && !claim) || refusal === "token" || refusal === "address" || (link === "refused" && !last)) {
    status.textContent = t(refusal || "token");
    status.dataset.state = "refused";
    clear();
    return;
  }
  if (!last) {
    status.textContent = link === "offline" && slow ? t("unreachable") : t("joining");
    status.dataset.state = "joining";
    clear();
    return;
  }
  roomBox(last);
  hostBox(last);
  scoreboard(last);
  const p = last;
  const mine = Boolean(p.seat) && p.turn === p.seat && p.state === "playing";
  const off = locked();
  status.textContent = statusText(p);
  status.dataset.state = link === "offline" ? "reconnecting" : p.state === "playing" ? (mine ? "turn" : "waiting") : p.state;
  error.textContent = link === "refused" ? t(refusal) : note;
  document.getElementById("hand-box").hidden = !(p.hand && p.hand.length) || p.state === "over";
  document.getElementById("hand").replaceChildren(...(p.hand || []).map((card) => cardButton(card, p, off, mine)));
  const showButton = document.getElementById("show");
  const shown = Boolean(p.chosen) && p.shown === p.chosen;
  // The board lights a card's moves in a marble game only: a card game has none there.
  showButton.hidden = !mine || !p.chosen || Boolean(p.question) || p.board_game === false;
  showButton.textContent = shown ? t("hideFromBoard") : t("showOnBoard");
  showButton.setAttribute("aria-pressed", String(shown));
  showButton.disabled = off;
  showButton.onclick = () => act("show", { show: !shown });
  knowPlayers(p.names);
  showPublic(document.getElementById("public"), p.public, p.game);
  document.getElementById("mine").replaceChildren(...keptApart(p));
  const moves = mine && !p.question ? listed(p) : [];
  if (!moves.some((m) => m.text === selected)) selected = moves.length === 1 ? moves[0].text : null;
  const waiting = p.moving || playedTurn === p.turns;
  const hint = !mine || p.question ? ""
    : waiting ? t("moving")
    : !(p.moves || []).length ? t("noMoves")
    : !moves.length ? t("cardNoMoves")
    // "Tap a card" only where moves belong to cards (not a bid, made of several).
    : p.hand && !p.chosen && (p.moves || []).some((m) => m.card) ? t("chooseCard")
    : shown ? t("shownOnBoard")
    : t("chooseOne");
  document.getElementById("hint").textContent = hint;
  const list = document.getElementById("moves");
  list.replaceChildren(...moves.map((m) => moveButton(m, off)));

  // Many moves (a Stomper's first stomp): the picture comes first, to tap a
  // hole on, and the list after it; a few: the list, then the picture.
  const picture = document.getElementById("picture");
  const play = document.getElementById("play");
  if (moves.length > MANY_MOVES && picture.nextElementSibling !== list) list.before(picture);
  else if (moves.length <= MANY_MOVES && play.nextElementSibling !== picture) play.after(picture);
  const chosen = moves.find((m) => m.text === selected);
  play.hidden = !chosen;
  play.disabled = off;
  if (chosen) {
    play.textContent = t("play", say(chosen.words || chosen.text));
    play.onclick = () => act("move", { move: chosen.text });
  }
  if (mine && p.compose) composeMove(p, off);
  coachBox(p, mine, off, moves);
  // A question's answers are notation: said in words when the move is one of the turn's.
  const wordsFor = (text) => { const m = (p.moves || []).find((x) => x.text === text); return m ? say(m.words || m.text) : text; };
  const ask = (m) => { const b = el("button", { type: "button", "data-answer": m, on: { click: () => act("answer", { move: m }) } }, wordsFor(m)); b.disabled = off; return b; };
  document.getElementById("question").replaceChildren(...(p.question ? [el("p", {}, t("which")), ...p.question.map(ask)] : []));
  drawPicture(p, moves, off);
  document.getElementById("log").replaceChildren(...(p.log || []).slice().reverse().map((l) => el("li", {}, say(l))));
}

function connection(state, why) {
  link = state;
  refusal = why || null;
  // A secret the room no longer knows (the phone left, or the host made its
  // seat's link anew) is forgotten: the page offers to join again.
  if (why === "token" && localStorage.getItem("member") === token) localStorage.removeItem("member");
  if (state === "online") keepAwake();
  banner(state === "offline" && last ? t("offline") : "");
  render();
}

// This phone's own settings: a sound on its player's turn, and the notation beside
// each move for players who read it.
for (const [id, key] of [["sound", "sound"], ["expert", "expert"], ["coach-on", "coach"]]) {
  const box = document.getElementById(id);
  // Hints are offered unless turned off here; sound and notation are asked for.
  box.checked = key === "coach" ? localStorage.getItem(key) !== "off" : localStorage.getItem(key) === "on";
  box.addEventListener("change", () => { localStorage.setItem(key, box.checked ? "on" : "off"); render(); });
}

document.getElementById("lang").append(langSwitch(() => {
  if (link === "offline" && last) banner(t("offline"));
  render();
}));
render();
if (claim) {
  post("/api/room/claim", { claim }).then(({ token: mine, url }) => {
    localStorage.setItem("member", mine);
    location.replace(url);  // the claim is spent: reloading this page must not need it
  }).catch((e) => {
    claimRefused = e.message;  // the refusal's words ("opened already"), or offline
    refusal = "claim";
    link = "refused";
    render();
  });
} else if (token) {
  setTimeout(() => { slow = true; render(); }, 8000);
  live(`m=${encodeURIComponent(token)}`, show, connection);
}
