/* A replay file opened from the disk (the page /replays/open/): the browser reads the file, the
   server checks it and computes its frames (POST /replays/frames/, nothing stored), and the
   viewer draws them with the game's renderer, as on a match page.  Each perspective asks the
   server again with the same file. */
(() => {
  "use strict";

  const { Player, fetchJson, readJson } = window.ReplayPlayer;

  document.addEventListener("DOMContentLoaded", () => {
    const input = document.getElementById("replay-file");
    const root = document.getElementById("replay-viewer");
    if (!input || !root) return;
    const section = document.getElementById("replay-file-section");
    const problem = document.getElementById("replay-file-error");
    const summary = document.getElementById("replay-file-summary");
    const perspective = document.getElementById("replay-perspective");
    const games = readJson("replay-games", {});
    const maxBytes = Number(input.dataset.maxBytes);
    const player = new Player(root);
    let opened = 0;

    function refuse(message) {
      problem.textContent = message;
      problem.hidden = !message;
    }

    function seatOptions(players, bots) {
      const options = [new Option("everything", "all", true, true)];
      for (let seat = 0; seat < players; seat += 1) {
        const name = bots && typeof bots[seat] === "string" ? bots[seat] : "";
        options.push(new Option(name ? `seat ${seat} (${name})` : `seat ${seat}`, String(seat)));
      }
      perspective.replaceChildren(...options);
    }

    async function open(file) {
      refuse("");
      if (file.size > maxBytes) {
        refuse(`This file cannot be opened: it is ${file.size.toLocaleString("en")} bytes, `
          + `and the most this site reads is ${maxBytes.toLocaleString("en")}.`);
        return;
      }
      const text = await file.text();
      const framesOf = (seat) => fetchJson(`${input.dataset.framesUrl}?perspective=${encodeURIComponent(seat)}`,
        { method: "POST", body: text, headers: { "Content-Type": "application/json", Accept: "application/json" } });
      let everything;
      try {
        everything = await framesOf("all");   // the server checks the file before anything is shown
      } catch (error) {
        refuse(`This file cannot be opened: ${error.message}`);
        return;
      }
      const replay = JSON.parse(text);        // the server has read it: it is a replay
      const game = games[everything.game] || { name: everything.game, action_labels: {}, components: {}, board: null };
      const bots = Array.isArray(replay.bots) ? replay.bots : [];
      seatOptions(everything.players, bots);
      summary.textContent = `${file.name}: ${game.name}, ${everything.players} seats, seed ${replay.seed}, `
        + `${everything.steps} steps.`;
      if (opened > 0) {
        // a link to a step belongs to the file it was made for, not to the next one opened
        window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      }
      opened += 1;
      section.hidden = false;
      player.open({
        game: everything.game,
        seatNames: bots.map((name) => (typeof name === "string" ? name : "")),
        actionLabels: game.action_labels,
        components: game.components,
        board: game.board,
        fetchFrames: (seat) => (seat === "all" ? Promise.resolve(everything) : framesOf(seat)),
      });
    }

    input.addEventListener("change", () => {
      if (input.files.length) open(input.files[0]);
    });
  });
})();
