/**
 * The CV's way into Firebase Storage in the static build (decision 0006), through the modular
 * `firebase` SDK, loaded only when an application is first sent. The object is
 * `blueberry/<random prefix>-<sanitised original name>`; the SDK sends files up to
 * 262,144 bytes in one multipart request and larger ones resumably. Then the object's
 * metadata and its download link.
 *
 * The bucket's rules (firebase/storage.rules) allow only creating such objects and
 * reading them for ten minutes, which is what getting the link needs.
 */
import { type FirebaseApp, getApps, initializeApp } from "firebase/app";
import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  type StorageError,
  uploadBytesResumable,
} from "firebase/storage";
import { safeFileName } from "../../../common/file-name.ts";
import { CV_TYPES, cvTypeOfName } from "../../../common/limits.ts";
import { publicConfig } from "./config.ts";
import { uploadAdvanced, uploadEnded, uploadStarted } from "./upload-progress.ts";

type UploadOutcome =
  | { kind: "uploaded"; link: string; objectName: string }
  | { kind: "failed"; error: unknown }
  | { kind: "no-link"; error: unknown }
  | { kind: "canceled" };

/** The folder the storage rules allow. */
export const CV_FOLDER = "blueberry";

/**
 * The content type the upload sets, from the name, because browsers disagree about .rtf
 * and .odt; the storage rules accept exactly these.
 */
export function uploadContentType(fileName: string): string {
  const type = cvTypeOfName(fileName);
  return type ? CV_TYPES[type].mime : "application/octet-stream";
}

/** A file name safe in an object path (the storage rules allow only ASCII letters, digits, ".", "-", "_"). */
function objectFileName(fileName: string): string {
  return safeFileName(fileName, { maxLength: 100, asciiOnly: true }) || "cv";
}

/** A random prefix, so two applicants' "cv.pdf" never meet. */
function randomPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let app: FirebaseApp | null = null;

function storage() {
  const config = publicConfig();
  app ??=
    getApps()[0] ??
    initializeApp({
      apiKey: config.PUBLIC_FIREBASE_API_KEY,
      authDomain: config.PUBLIC_FIREBASE_AUTH_DOMAIN,
      projectId: config.PUBLIC_FIREBASE_PROJECT_ID,
      storageBucket: config.PUBLIC_FIREBASE_STORAGE_BUCKET,
      appId: config.PUBLIC_FIREBASE_APP_ID,
    });
  const store = getStorage(app);
  const emulator = config.PUBLIC_TEST_STORAGE_EMULATOR;
  if (emulator && !connected) {
    const [host, port] = emulator.split(":");
    connectStorageEmulator(store, host ?? "127.0.0.1", Number(port));
    connected = true;
  }
  return store;
}
let connected = false;

/** `blueberry/<18 random hex digits>-<sanitised name>`: the only names the rules accept. */
export function objectNameFor(fileName: string): string {
  return `${CV_FOLDER}/${randomPrefix()}-${objectFileName(fileName)}`;
}

/** Uploads the CV, reporting progress, and returns its download link or what went wrong. */
export async function uploadCv(file: File): Promise<UploadOutcome> {
  const objectName = objectNameFor(file.name);
  const target = ref(storage(), objectName);
  const contentType = uploadContentType(file.name);
  const task = uploadBytesResumable(target, file, { contentType });
  uploadStarted(file.size, () => task.cancel());
  try {
    await new Promise<void>((resolve, reject) => {
      task.on(
        "state_changed",
        (snapshot) => uploadAdvanced(snapshot.bytesTransferred, snapshot.totalBytes),
        reject,
        () => resolve(),
      );
    });
  } catch (error) {
    if ((error as StorageError).code === "storage/canceled") return { kind: "canceled" };
    // Logged as well as shown, so the failure can be looked into.
    console.error("The CV could not be uploaded:", error);
    return { kind: "failed", error };
  } finally {
    uploadEnded();
  }
  try {
    return { kind: "uploaded", link: await getDownloadURL(target), objectName };
  } catch (error) {
    console.error("The CV was uploaded but has no download link:", error);
    return { kind: "no-link", error };
  }
}
