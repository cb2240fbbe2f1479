// A form with data-confirm asks before it is sent: retiring or deleting a bot, cancelling a
// tournament.  Without scripts the form is sent as it is (the page it lands on says what happened).
document.addEventListener("submit", function (event) {
  const question = event.target.getAttribute && event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
