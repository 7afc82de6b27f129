import OCR

extension OCRJob {
    /// The options that reach the OCR worker for each page (`PageRecognizer`).
    var recognition: PageRecognitionOptions {
        PageRecognitionOptions(maxResolution: maxOCRResolution, rotatePages: rotatePages,
                               rotatePagesThreshold: rotatePagesThreshold, timeout: pageTimeout)
    }
}
