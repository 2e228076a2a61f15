async () => {
  // MathJax typesets after load; OJS cells resolve after their modules and data arrive.
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await MathJax.startup.promise;
  }
  const pending = () => document.querySelectorAll(
    ".ojs-in-a-box-waiting-for-module-import, .observablehq--running").length;
  for (let i = 0; i < 200 && pending(); i++) await new Promise(r => setTimeout(r, 50));
  return pending();
}
