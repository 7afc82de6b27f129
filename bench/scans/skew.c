/* Prints each image's skew as Leptonica measures it (pixFindSkew on the image made bilevel at
 * mid-gray), independent of Legible's code: "FILE ANGLE CONFIDENCE", degrees, clockwise positive;
 * a confidence below 2.5 means no text lines were found. Used by bench/deskew.sh.
 * Build: cc -O2 -o skew skew.c $(pkg-config --cflags --libs lept) */
#include <allheaders.h>
#include <stdio.h>

int main(int argc, char **argv) {
    setMsgSeverity(L_SEVERITY_NONE);
    for (int i = 1; i < argc; i++) {
        PIX *pix = pixRead(argv[i]);
        if (!pix) { fprintf(stderr, "%s: cannot be read\n", argv[i]); return 2; }
        PIX *bilevel = pixConvertTo1(pix, 128);
        l_float32 angle = 0, confidence = 0;
        pixFindSkew(bilevel, &angle, &confidence);
        printf("%s %.3f %.2f\n", argv[i], angle, confidence);
        pixDestroy(&bilevel);
        pixDestroy(&pix);
    }
    return 0;
}
