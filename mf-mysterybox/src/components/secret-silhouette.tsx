/**
 * What a box page shows for a secret figure its visitor has not pulled yet: a dark figure with a
 * question mark on gold, the way blind boxes print their secrets. Square, the size of the art it
 * stands in for, so nothing shifts when it is revealed.
 */
export function SecretSilhouette({ label, size = 160 }: { label: string; size?: number }) {
  return (
    <svg
      className="mb-art mb-art--secret"
      viewBox="0 0 160 160"
      width={size}
      height={size}
      role="img"
      aria-label={label}
    >
      <rect width="160" height="160" fill="#f3d36b" />
      <g fill="#3b3347">
        <circle cx="80" cy="62" r="30" />
        <circle cx="56" cy="38" r="10" />
        <circle cx="104" cy="38" r="10" />
        <rect x="50" y="88" width="60" height="58" rx="24" />
      </g>
      <text
        x="80"
        y="76"
        textAnchor="middle"
        fontSize="40"
        fontWeight="800"
        fontFamily="system-ui, sans-serif"
        fill="#f3d36b"
      >
        ?
      </text>
    </svg>
  );
}
