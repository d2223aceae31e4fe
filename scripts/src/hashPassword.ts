import { hashPassword } from "@spankbank/db/password";
import { askNewPassword, closePrompts } from "./prompt.js";

/** `npm run hash-password`: prints a hash for couple.config.json's passwordHash. */
const password = await askNewPassword("the partner");
closePrompts();
console.log(await hashPassword(password));
