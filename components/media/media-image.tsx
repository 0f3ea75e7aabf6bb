import Image from 'next/image';
import { mediaAddress } from '@/lib/media/variant-widths';
import { objectPosition, type FocalPoint } from '@/lib/media/media-schema';

/**
 * An uploaded image through next/image: the loader (lib/media/image-loader.ts) picks one of the
 * files made at upload, so `sizes` decides which width a browser fetches. Without a known size (a
 * draft in the import preview) the image fills a box of the given aspect ratio. Where the layout
 * crops it (CSS object-fit: cover), `focal` (the upload's focal point) keeps the subject in view.
 */
export function MediaImage({
  image,
  alt,
  width,
  height,
  sizes,
  fallbackRatio,
  className,
  priority = false,
  focal = null,
  version,
}: {
  image: string;
  alt: string;
  width: number | null;
  height: number | null;
  sizes: string;
  fallbackRatio: string;
  className?: string;
  priority?: boolean;
  focal?: FocalPoint | null;
  /** The image's version (ImageAsset.version): part of its address. */
  version: number;
}) {
  const src = mediaAddress(image, version);
  const position = focal ? { objectPosition: objectPosition(focal) } : undefined;
  if (width && height) {
    return (
      <Image
        src={src}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        className={className}
        priority={priority}
        style={position}
        data-focal={focal ? `${focal.x},${focal.y}` : undefined}
      />
    );
  }
  return (
    <span style={{ position: 'relative', display: 'block', aspectRatio: fallbackRatio }}>
      <Image src={src} alt={alt} fill sizes={sizes} className={className} style={{ objectFit: 'contain', ...position }} />
    </span>
  );
}
