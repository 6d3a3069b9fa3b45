// Applies the saved theme before the first paint so the page never flashes the wrong colours.
(function () {
  var theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.setAttribute('data-theme', theme);
})();
