/** Sizes of the generated art (square SVG): a card in a grid, or the figure's own page. */
const SIZES = { card: 240, large: 480, thumb: 96 } as const;

export interface ArtImageProps {
  src: string | null;
  alt: string;
  size: keyof typeof SIZES;
  /**
   * Above the fold: load at once, ahead of the page's code (a server-rendered page paints before its
   * code runs, and its first art is what a visitor waits for). Everything else loads as it scrolls near.
   */
  eager?: boolean;
}

/** A figure's art with its size set (no layout shift) and an alt text; an empty box when there is none yet. */
export function ArtImage({ src, alt, size, eager = false }: ArtImageProps) {
  const side = SIZES[size];
  if (!src)
    return (
      <div
        className={`gallery-art gallery-art--${size} gallery-art--empty`}
        role="img"
        aria-label={`${alt} (no art yet)`}
      />
    );
  return (
    <img
      className={`gallery-art gallery-art--${size}`}
      src={src}
      alt={alt}
      width={side}
      height={side}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
