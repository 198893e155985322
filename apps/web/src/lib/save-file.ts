// Hands a downloaded File to the browser as a saved file (an object URL on a temporary link with the
// download attribute), then lets the URL go.
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL may go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
