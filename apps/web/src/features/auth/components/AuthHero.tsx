import styles from '../auth.module.css';

/** The greeting above a sign-in form. */
export function AuthHero({ title, hint }: { title: string; hint: string }) {
  return (
    <div className={styles.hero}>
      <h1>{title}</h1>
      <p>{hint}</p>
    </div>
  );
}
