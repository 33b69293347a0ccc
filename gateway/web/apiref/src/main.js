// The API reference page (/docs/api): Redoc renders the document named by
// the page's #reference element. Redoc's standalone build, loaded before
// this module as a classic script, defines window.Redoc. The page has no
// inline script (its CSP forbids them), so this module starts it.
const element = document.getElementById('reference');
window.Redoc.init(element.dataset.spec, {
  expandResponses: '200',
  jsonSampleExpandLevel: 3,
  theme: { colors: { primary: { main: '#2f5bea' } } },
}, element);
