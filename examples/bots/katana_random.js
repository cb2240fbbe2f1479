#!/usr/bin/env node
// A starter bot in JavaScript for any game: answers each decision with a random legal action.
// It speaks the arena's protocol itself (docs/bots/protocol.md): one JSON object per line.
"use strict";
const readline = require("readline");

const lines = readline.createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    console.error(`seat ${message.seat} of ${message.players} in ${message.game}`);  // stderr: the log
    send({ type: "ready" });
  } else if (message.type === "act") {
    const legal = message.legal_actions;
    send({ type: "action", action: legal[Math.floor(Math.random() * legal.length)] });
  } else if (message.type === "end" || message.type === "error") {
    process.exit(0);
  }
});
