import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';

export interface SignaturePadHandle {
  clear(): void;
  /** Writes the text into the pad as a signature (for those who cannot draw with a pointer). */
  writeText(text: string): void;
}

const WIDTH = 480;
const HEIGHT = 160;

/**
 * A signature drawn with a mouse, pen or finger on a canvas (pointer events): `onChange` gets
 * the drawing as a PNG data URL after each stroke, or null once cleared.
 */
export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { label: string; onChange(png: string | null): void; invalid?: boolean }
>(function SignaturePad({ label, onChange, invalid }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);

  const context = useCallback(() => canvas.current?.getContext('2d') ?? null, []);

  const reset = useCallback(() => {
    const el = canvas.current;
    const ctx = context();
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = WIDTH * ratio;
    el.height = HEIGHT * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.lineWidth = 2.4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0b1f44';
  }, [context]);

  useEffect(() => reset(), [reset]);

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        reset();
        onChange(null);
      },
      writeText(text: string) {
        reset();
        const ctx = context();
        if (!ctx || !text.trim()) return onChange(null);
        ctx.fillStyle = '#0b1f44';
        ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", "Noto Serif JP", serif';
        ctx.textBaseline = 'middle';
        ctx.fillText(text.trim(), 16, HEIGHT / 2, WIDTH - 32);
        onChange(canvas.current!.toDataURL('image/png'));
      },
    }),
    [context, onChange, reset],
  );

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) / rect.width) * WIDTH, y: ((e.clientY - rect.top) / rect.height) * HEIGHT };
  };

  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    last.current = point(e);
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      ctx.fillStyle = '#0b1f44';
      ctx.fill();
    }
  };

  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = context();
    const next = point(e);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(next.x, next.y);
      ctx.stroke();
    }
    last.current = next;
  };

  const onUp = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    onChange(canvas.current!.toDataURL('image/png'));
  };

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="signature-canvas"
      className={`d-block border rounded bg-white ${invalid ? 'border-danger' : ''}`}
      style={{ width: '100%', maxWidth: WIDTH, aspectRatio: `${WIDTH} / ${HEIGHT}`, touchAction: 'none', cursor: 'crosshair' }}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onPointerLeave={onUp}
    />
  );
});
