import { initials } from '@/lib/content/derive';
import styles from './initials-avatar.module.css';

/** A circle with the name's initials ("Xavier, the trainer" → "XT"); the name is read elsewhere. */
export function InitialsAvatar({ name, size = 'medium' }: { name: string; size?: 'medium' | 'large' }) {
  return (
    <span className={`${styles.avatar} ${size === 'large' ? styles.large : ''}`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
