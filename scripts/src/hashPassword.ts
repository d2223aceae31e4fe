import { hashPassword } from "@spankbank/server/auth/password";
import { askNewPassword } from "./prompt.js";

/** `npm run hash-password`: prints a hash for couple.config.json's passwordHash. */
const hash = await hashPassword(await askNewPassword("the partner"));
console.log(hash);
