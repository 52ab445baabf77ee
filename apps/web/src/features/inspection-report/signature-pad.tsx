import { Button, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger or a mouse on a canvas (pointer events; the canvas is sized to its
 * box at the device's pixel ratio so the line is sharp). `onChange(true)` once something is drawn.
 */
export function SignaturePad({
  canvasRef,
  onChange,
  disabled,
}: {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  onChange: (drawn: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const drawing = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, [canvasRef]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const context = () => canvasRef.current?.getContext('2d') ?? null;

  return (
    <Flex vertical gap={6}>
      <canvas
        ref={canvasRef}
        data-testid="inspection-report-signature"
        aria-label={t('inspection-report.signature')}
        style={{
          width: '100%',
          height: 160,
          border: '1px dashed #bbb',
          borderRadius: 6,
          touchAction: 'none',
          background: disabled ? '#f5f5f5' : '#fff',
        }}
        onPointerDown={(event) => {
          if (disabled) return;
          const ctx = context();
          if (!ctx) return;
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const { x, y } = point(event);
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + 0.1, y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = context();
          if (!ctx) return;
          const { x, y } = point(event);
          ctx.lineTo(x, y);
          ctx.stroke();
        }}
        onPointerUp={() => {
          if (!drawing.current) return;
          drawing.current = false;
          onChange(true);
        }}
      />
      <Button
        size="small"
        disabled={disabled}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          const canvas = canvasRef.current;
          canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
          onChange(false);
        }}
      >
        {t('inspection-report.clearSignature')}
      </Button>
    </Flex>
  );
}

/** The drawn signature as a PNG file to upload. */
export const signatureFile = (canvas: HTMLCanvasElement): Promise<File> =>
  new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], 'signature.png', { type: 'image/png' }))
          : reject(new Error('canvas')),
      'image/png',
    ),
  );
