import { getImageProps } from 'next/image';
import { mediaAddress } from '@/lib/media/variant-widths';
import { objectPosition, type FocalPoint } from '@/lib/media/media-schema';
import styles from './media-image.module.css';

/**
 * An uploaded image as a plain `<img>`: next/image's `getImageProps` makes its `srcset` through the
 * loader (lib/media/image-loader.ts picks one of the files made at upload), so `sizes` decides which
 * width a browser fetches, and no image component's JavaScript is sent (reader pages stay server
 * rendered). The stored width and height reserve the box; until the file arrives the box shows a
 * soft coloured placeholder (`media-image.module.css`), not an empty grey. Without a known size (a
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
  lang,
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
  /** The alt text's language where it differs from the page's. */
  lang?: string;
}) {
  const src = mediaAddress(image, version);
  const position = focal ? { objectPosition: objectPosition(focal) } : undefined;
  const classes = className ? `${styles.image} ${className}` : styles.image;
  if (width && height) {
    const { props } = getImageProps({ src, alt, width, height, sizes, priority });
    return (
      // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, without its client component
      <img
        {...props}
        alt={alt}
        lang={lang}
        className={classes}
        style={{ ...props.style, ...position }}
        data-focal={focal ? `${focal.x},${focal.y}` : undefined}
      />
    );
  }
  const { props } = getImageProps({ src, alt, fill: true, sizes });
  return (
    <span style={{ position: 'relative', display: 'block', aspectRatio: fallbackRatio }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
      <img {...props} alt={alt} lang={lang} className={classes} style={{ ...props.style, objectFit: 'contain', ...position }} />
    </span>
  );
}
