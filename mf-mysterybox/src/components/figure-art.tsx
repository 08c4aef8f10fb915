/** Generated art (a figure's, or a box's packaging), square, with its size set so nothing shifts as it loads. */
export function FigureArt({
  src,
  alt,
  size = 160,
  eager = false,
}: {
  src: string;
  alt: string;
  size?: number;
  eager?: boolean;
}) {
  return (
    <img
      className="mb-art"
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
