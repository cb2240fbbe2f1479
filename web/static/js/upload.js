// The upload form refuses a file over the site's limit before sending it, so that nothing typed
// in the form is lost (the server answers such a request without reading it).
(function () {
  const form = document.getElementById("upload-form");
  const message = document.getElementById("upload-size-error");
  if (!form || !message) return;
  const maxBytes = Number(form.dataset.maxBytes);
  const file = form.querySelector("input[type=file]");

  function tooLarge() {
    const chosen = file && file.files && file.files[0];
    if (!chosen || chosen.size <= maxBytes) {
      message.hidden = true;
      return false;
    }
    message.textContent = "The upload was refused: " + chosen.name + " has " +
      chosen.size.toLocaleString("en") + " bytes and a bot file may have at most " +
      maxBytes.toLocaleString("en") + " bytes (" + form.dataset.maxMegabytes + " MiB). Choose a smaller file.";
    message.hidden = false;
    return true;
  }

  if (file) file.addEventListener("change", tooLarge);
  form.addEventListener("submit", function (event) {
    if (tooLarge()) event.preventDefault();
  });
})();
