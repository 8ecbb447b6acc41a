// A seat's phone: its own hand, its moves, questions, and the end of the game.
"use strict";

const seat = location.pathname.split("/").pop();
const token = params.get("t") || "";
let last = null;
let link = "connecting";  // "online", "offline", or "refused" with why
let refusal = null;
let pending = false;  // a request is on its way
let playedTurn = null;  // the turn a move was sent for: one move a turn
let note = "";

// Buttons do nothing while a request is out, once a move is on its way, and
// whenever the service cannot be reached.
function locked() {
  return link !== "online" || pending || Boolean(last && (last.moving || playedTurn === last.turns));
}

async function act(path, body) {
  if (locked() || !last) return;
  pending = true;
  if (path !== "card") playedTurn = last.turns;
  render();
  try {
    const result = await post(`/api/seats/${seat}/${path}`, { token, turn: last.turns, ...body });
    note = result.note === "move-marbles" ? t("moveMarbles") : "";
  } catch (e) {
    note = e.message;
    playedTurn = null;
  } finally {
    pending = false;
    render();
  }
}

function show(p) {
  last = p;
  render();
}

function render() {
  document.getElementById("who").textContent = `marbleboard — ${t(seat)}`;
  const status = document.getElementById("status");
  const parts = ["hand", "hint", "moves", "question", "public"].map((id) => document.getElementById(id));
  if (refusal === "token" || (link === "refused" && !last)) {
    status.textContent = t(refusal);
    parts.forEach((node) => node.replaceChildren());
    document.getElementById("error").textContent = "";
    return;
  }
  if (!last) {
    status.textContent = t("connecting");
    return;
  }
  const p = last;
  const mine = p.turn === seat;
  const off = locked();
  if (p.state === "lobby") status.textContent = t("waiting");
  else if (p.state === "over") status.textContent = t("over", p.winners.map(t).join(" + "));
  else if (p.forfeited) status.textContent = t("forfeited");
  else status.textContent = mine ? t("yourTurn") : t("turn", t(p.turn));
  document.getElementById("error").textContent = link === "refused" ? t(refusal) : note;
  document.getElementById("hand").replaceChildren(...(p.hand || []).map((card) => {
    const button = el("button", {
      class: "card" + ("HD".includes(card[1]) ? " red" : "") + (p.chosen === card[0] ? " chosen" : ""),
      "data-card": card,
      on: { click: () => mine && act("card", { card: p.chosen === card[0] ? null : card }) },
    }, card[0] === "X" ? "🃏" : card.replace("T", "10").replace("S", "♠").replace("H", "♥").replace("D", "♦").replace("C", "♣"));
    button.disabled = off;
    return button;
  }));
  showPublic(document.getElementById("public"), p.public);
  const moves = (p.moves || []).filter((m) => !p.chosen || m.card === p.chosen);
  const pick = p.hand ? t("chooseCard") : t("chooseMove");
  const waiting = p.moving || playedTurn === p.turns;
  document.getElementById("hint").textContent = !mine || p.question ? ""
    : waiting ? t("moving") : moves.length ? pick : t("noMoves");
  const button = (attrs, text) => { const b = el("button", attrs, text); b.disabled = off; return b; };
  document.getElementById("moves").replaceChildren(...(p.question ? [] : moves).map((m) =>
    button({ "data-move": m.text, on: { click: () => act("move", { move: m.text }) } }, m.text)));
  document.getElementById("question").replaceChildren(...(p.question ? [el("p", {}, t("which")),
    ...p.question.map((m) => button({ "data-answer": m, on: { click: () => act("answer", { move: m }) } }, m))] : []));
  document.getElementById("log").replaceChildren(...(p.log || []).slice().reverse().map((l) => el("li", {}, l)));
}

function connection(state, why) {
  link = state;
  refusal = why || null;
  banner(state === "offline" ? t("offline") : "");
  render();
}

document.getElementById("lang").append(langSwitch(() => {
  if (link === "offline") banner(t("offline"));
  render();
}));
render();
live(`seat=${encodeURIComponent(seat)}&t=${encodeURIComponent(token)}`, show, connection);
