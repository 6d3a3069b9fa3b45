// Applies the saved theme before the first paint so the page never flashes the wrong colours.
// It also marks a page opened by a signed-in browser: the server's first screen is drawn for a
// signed-out visitor, so its Login button, and for a reseller its public prices, stay hidden
// until the app shows the account's own (global.css). And it shows the drawn offer pop-up
// unless the visitor closed it in the last five minutes (as PopupAd decides).
(function () {
  var theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
  var popupClosedAt = Number(localStorage.getItem('popupClosedAt'));
  if (!(Date.now() - popupClosedAt < 5 * 60 * 1000)) root.setAttribute('data-offer-popup', 'due');
  try {
    var expiry = Number(localStorage.getItem('expiryTime'));
    var user = localStorage.getItem('isLoggedIn') && JSON.parse(localStorage.getItem('user'));
    if (!user || !(expiry > Date.now())) return;
    root.setAttribute('data-signed-in', '');
    if (user.role === 'reseller' || user.role === 'admin')
      root.setAttribute('data-audience', 'trade');
  } catch {
    // A session the app cannot read either: the page is drawn as for a visitor.
  }
})();
