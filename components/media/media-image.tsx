import Image from 'next/image';
import { mediaSrc } from '@/lib/media/variant-widths';

/**
 * An uploaded image through next/image: the loader (lib/media/image-loader.ts) picks one of the
 * files made at upload, so `sizes` decides which width a browser fetches. Without a known size (a
 * draft in the import preview) the image fills a box of the given aspect ratio.
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
}: {
  image: string;
  alt: string;
  width: number | null;
  height: number | null;
  sizes: string;
  fallbackRatio: string;
  className?: string;
  priority?: boolean;
}) {
  if (width && height) {
    return <Image src={mediaSrc(image)} alt={alt} width={width} height={height} sizes={sizes} className={className} priority={priority} />;
  }
  return (
    <span style={{ position: 'relative', display: 'block', aspectRatio: fallbackRatio }}>
      <Image src={mediaSrc(image)} alt={alt} fill sizes={sizes} className={className} style={{ objectFit: 'contain' }} />
    </span>
  );
}
