async () => {
  // MathJax typesets after load; OJS cells compute after their data arrive. (Quarto leaves
  // the class ojs-in-a-box-waiting-for-module-import on every cell of a page with no OJS
  // import, so it says nothing; a cell still computing carries observablehq--running.)
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await MathJax.startup.promise;
  }
  const pending = () => document.querySelectorAll(".observablehq--running").length;
  for (let i = 0; i < 200 && pending(); i++) await new Promise(r => setTimeout(r, 50));
  return pending();
}
