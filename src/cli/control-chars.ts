/**
 * Text from the model (commands, paths, errors) shown on the terminal with its control characters
 * made visible in caret notation (ESC → ^[, CR → ^M): an escape sequence or a carriage return could
 * otherwise hide or repaint what the user is asked to approve.
 */

// C0 controls except tab and newline, DEL, and C1 controls.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function showControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return "^?";
    return `\\x${code.toString(16)}`;
  });
}
