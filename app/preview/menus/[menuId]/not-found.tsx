import styles from "@/components/menu-preview/menu-preview.module.css";

// A missing menu, someone else's draft and a malformed id all look the same from outside.
export default function MenuNotFound() {
  return (
    <div className={styles.page}>
      <main className={`${styles.main} ${styles.notFound}`}>
        <h1 className={styles.title}>This menu isn&apos;t available</h1>
        <p className={styles.description}>The link may be wrong, or the menu is not published yet.</p>
      </main>
    </div>
  );
}
