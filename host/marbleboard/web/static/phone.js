// A seat's phone: its own hand, its moves, questions, and the end of the game.
"use strict";

const seat = location.pathname.split("/").pop();
const token = params.get("t") || "";
let last = null;
const error = () => document.getElementById("error");

async function act(path, body) {
  try {
    const result = await post(`/api/seats/${seat}/${path}`, { token, turn: last.turns, ...body });
    error().textContent = result.note === "move-marbles" ? t("moveMarbles") : "";
  } catch (e) { error().textContent = e.message; }
}

function show(p) {
  last = p;
  document.getElementById("who").textContent = `marbleboard — ${t(seat)}`;
  const status = document.getElementById("status");
  const mine = p.turn === seat;
  if (p.state === "lobby") status.textContent = t("waiting");
  else if (p.state === "over") status.textContent = t("over", p.winners.map(t).join(" + "));
  else if (p.forfeited) status.textContent = t("forfeited");
  else status.textContent = mine ? t("yourTurn") : t("turn", t(p.turn));
  document.getElementById("hand").replaceChildren(...(p.hand || []).map((card) => el("button", {
    class: "card" + ("HD".includes(card[1]) ? " red" : "") + (p.chosen === card[0] ? " chosen" : ""),
    "data-card": card,
    on: { click: () => mine && act("card", { card: p.chosen === card[0] ? null : card }) },
  }, card[0] === "X" ? "🃏" : card.replace("T", "10").replace("S", "♠").replace("H", "♥").replace("D", "♦").replace("C", "♣"))));
  showPublic(document.getElementById("public"), p.public);
  const moves = (p.moves || []).filter((m) => !p.chosen || m.card === p.chosen);
  const pick = p.hand ? t("chooseCard") : t("chooseMove");
  document.getElementById("hint").textContent = mine && !p.question ? (moves.length ? pick : t("noMoves")) : "";
  document.getElementById("moves").replaceChildren(...(p.question ? [] : moves).map((m) =>
    el("button", { "data-move": m.text, on: { click: () => act("move", { move: m.text }) } }, m.text)));
  document.getElementById("question").replaceChildren(...(p.question ? [el("p", {}, t("which")),
    ...p.question.map((m) => el("button", { "data-answer": m, on: { click: () => act("answer", { move: m }) } }, m))] : []));
  document.getElementById("log").replaceChildren(...(p.log || []).slice().reverse().map((l) => el("li", {}, l)));
}

document.getElementById("lang").append(langSwitch(() => last && show(last)));
document.getElementById("status").textContent = t("connecting");
live(`seat=${encodeURIComponent(seat)}&t=${encodeURIComponent(token)}`, show);
