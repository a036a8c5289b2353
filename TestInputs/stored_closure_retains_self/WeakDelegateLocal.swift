import Foundation

protocol CheckoutDelegate: AnyObject {
    func checkoutDidFinish()
}

// The closure holds 'self', and through a strong local also the weak delegate: the note names it.
final class CheckoutFlow {
    weak var delegate: CheckoutDelegate?
    var onFinish: (() -> Void)?
    var finished = false

    func arm() {
        let delegate = self.delegate
        onFinish = { // expect: stored_closure_retains_self "the local 'delegate' holds the weak property 'delegate' strongly"
            self.finished = true
            delegate?.checkoutDidFinish()
        }
    }
}

// A weak delegate read inside the closure stays weak: no such note (the cycle through 'self' is reported).
final class PaymentFlow {
    weak var delegate: CheckoutDelegate?
    var onFinish: (() -> Void)?
    var finished = false

    func arm() {
        onFinish = { // expect: stored_closure_retains_self "'PaymentFlow' is never released"
            self.finished = true
            self.delegate?.checkoutDidFinish()
        }
    }
}
